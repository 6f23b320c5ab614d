import { type ReactNode, useId } from 'react'
import { fieldClass, fieldErrorClass, hintClass, labelClass } from './field-styles.ts'

/** What a control needs to be tied to its label, hint, status and error. */
export interface FieldControlProps {
  id: string
  'aria-invalid': true | undefined
  'aria-describedby': string | undefined
  className: string
}

export interface FieldFrameProps {
  label: string
  /** Shown under the field, red, and the field marked invalid; null or absent when it is fine. */
  error?: string | null | undefined
  /** Help under the label, always read with the field. */
  hint?: ReactNode
  /**
   * Live news about the value (a slug's availability), read with the field too. Pass '' rather than
   * nothing while there is none: the live region must exist before its news does, to be announced.
   */
  status?: ReactNode
  /** The control's look (field-styles.ts): a text area's by default, `inputClass` or `selectClass`. */
  baseClassName?: string
  /** Classes added to the control's own. */
  controlClassName?: string
  /** Draws the control (input, textarea or select) with the props that tie it to the rest. */
  children: (control: FieldControlProps) => ReactNode
}

/**
 * A labelled control with its hint, its live status and its error, all tied to it (aria-describedby),
 * so a screen reader reads the problem with the field, and the field is marked invalid with it. One
 * frame for every kind of control, so a select reads and looks like the text fields around it.
 */
export function FieldFrame({
  label,
  error,
  hint,
  status,
  baseClassName = fieldClass,
  controlClassName = '',
  children,
}: FieldFrameProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const statusId = `${id}-status`
  const errorId = `${id}-error`
  const describedBy = [hint && hintId, status && statusId, error && errorId].filter(Boolean).join(' ')
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
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
        className: `${baseClassName} mt-1.5 ${controlClassName}`,
      })}
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
