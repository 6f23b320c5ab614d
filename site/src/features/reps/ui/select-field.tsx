import type { ReactNode } from 'react'
import { FieldFrame } from './field-frame.tsx'
import { selectClass } from './field-styles.ts'

interface SelectFieldProps {
  label: string
  name: string
  value: string
  onValue: (value: string) => void
  /** The `<option>`s. */
  children: ReactNode
  error?: string | null | undefined
  hint?: ReactNode
  disabled?: boolean
}

/** A labelled native select in the form's frame: the same hint, error and invalid state as a text field. */
export function SelectField({
  label,
  name,
  value,
  onValue,
  children,
  error,
  hint,
  disabled,
}: SelectFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      baseClassName={selectClass}
      controlClassName="disabled:cursor-not-allowed disabled:opacity-60"
    >
      {(control) => (
        <select
          {...control}
          name={name}
          value={value}
          disabled={disabled}
          onChange={(event) => onValue(event.target.value)}
        >
          {children}
        </select>
      )}
    </FieldFrame>
  )
}
