import { type ComponentProps, type ReactNode, type Ref, useId } from 'react'
import { fieldClass, fieldErrorClass, hintClass, labelClass } from './field-styles.ts'

type InputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'id' | 'className'>

interface TextFieldProps extends InputProps {
  label: string
  value: string
  onValue: (value: string) => void
  /** Shown under the field, red, and the field marked invalid; null or absent when it is fine. */
  error?: string | null | undefined
  /** Help under the label, always read with the field. */
  hint?: ReactNode
  /**
   * Live news about the value (a slug's availability), read with the field too. Pass '' rather than
   * nothing while there is none: the live region must exist before its news does, to be announced.
   */
  status?: ReactNode
  /** A multi-line field of this many rows instead of a one-line input. */
  rows?: number
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>
  inputClassName?: string
}

/**
 * A labelled field with its hint, its live status and its error, all tied to it (aria-describedby),
 * so a screen reader reads the problem with the field, and the field is marked invalid with it.
 */
export function TextField({
  label,
  value,
  onValue,
  error,
  hint,
  status,
  rows,
  inputRef,
  inputClassName = '',
  ...props
}: TextFieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const statusId = `${id}-status`
  const errorId = `${id}-error`
  const describedBy = [hint && hintId, status && statusId, error && errorId].filter(Boolean).join(' ')
  const shared = {
    id,
    value,
    ref: inputRef,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: `${fieldClass} mt-1.5 ${inputClassName}`,
  }
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      )}
      {rows === undefined ? (
        <input {...props} {...shared} onChange={(event) => onValue(event.target.value)} />
      ) : (
        <textarea
          {...shared}
          name={props.name}
          rows={rows}
          spellCheck={props.spellCheck}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
      {status !== undefined && (
        <div id={statusId} aria-live="polite" className={hintClass}>
          {status}
        </div>
      )}
      {error && (
        <p id={errorId} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </div>
  )
}
