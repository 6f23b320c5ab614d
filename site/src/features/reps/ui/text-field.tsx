import type { ComponentProps, ReactNode, Ref } from 'react'
import { FieldFrame } from './field-frame.tsx'
import { fieldClass, inputClass } from './field-styles.ts'

type InputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'id' | 'className'>

interface TextFieldProps extends InputProps {
  label: string
  value: string
  onValue: (value: string) => void
  /** Shown under the field, red, and the field marked invalid; null or absent when it is fine. */
  error?: string | null | undefined
  /** Help under the label, always read with the field. */
  hint?: ReactNode
  /** Live news about the value, read with the field too (see FieldFrame). */
  status?: ReactNode
  /** A multi-line field of this many rows instead of a one-line input. */
  rows?: number
  /**
   * With `rows`: room for a long text that is still one line (a sentence or two). Enter adds no line
   * break, and line breaks pasted in become spaces.
   */
  singleLine?: boolean
  inputRef?: Ref<HTMLInputElement & HTMLTextAreaElement>
  inputClassName?: string
}

/** A labelled text field (one line, or several with `rows`) in the form's frame (FieldFrame). */
export function TextField({
  label,
  value,
  onValue,
  error,
  hint,
  status,
  rows,
  singleLine = false,
  inputRef,
  inputClassName = '',
  ...props
}: TextFieldProps) {
  return (
    <FieldFrame
      label={label}
      error={error}
      hint={hint}
      status={status}
      baseClassName={rows === undefined ? inputClass : fieldClass}
      controlClassName={inputClassName}
    >
      {(control) =>
        rows === undefined ? (
          <input
            {...props}
            {...control}
            ref={inputRef}
            value={value}
            onChange={(event) => onValue(event.target.value)}
          />
        ) : (
          <textarea
            {...control}
            ref={inputRef}
            value={value}
            name={props.name}
            rows={rows}
            spellCheck={props.spellCheck}
            onKeyDown={singleLine ? (event) => event.key === 'Enter' && event.preventDefault() : undefined}
            onChange={(event) =>
              onValue(singleLine ? event.target.value.replace(/\r\n?|\n/g, ' ') : event.target.value)
            }
          />
        )
      }
    </FieldFrame>
  )
}
