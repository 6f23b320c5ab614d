import { useId, useRef } from 'react'
import { PROSPECT_FIELD_LABELS as LABELS } from '#core/prospect-fields.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { BusinessLogo } from '../ui/business-logo.tsx'
import { fieldErrorClass, hintClass, labelClass } from '../ui/field-styles.ts'
import type { FieldBinding } from './agent-fields.tsx'

/**
 * The business's logo as we keep it: shown, with Remove. Never typed or uploaded: it comes from the
 * website (Fill from website), which is why there is no field to type in.
 */
export function LogoField({ binding, companyName }: { binding: FieldBinding; companyName: string }) {
  const id = useId()
  const groupRef = useRef<HTMLFieldSetElement>(null)
  const { value, onValue, error } = binding
  const remove = () => {
    onValue('')
    // The button goes with the logo: focus stays on the field, not lost to the page.
    groupRef.current?.focus()
  }
  return (
    <fieldset
      ref={groupRef}
      tabIndex={-1}
      aria-describedby={error ? `${id}-error` : undefined}
      className="rounded focus:outline-none"
    >
      <legend className={labelClass}>{LABELS.logo}</legend>
      {value.trim() === '' ? (
        <p className={hintClass}>
          No logo. Fill from website brings the business's logo when its site has one.
        </p>
      ) : (
        <div className="mt-1.5 flex flex-wrap items-center gap-3">
          <BusinessLogo
            logo={value}
            size={48}
            alt={`${companyName.trim() || 'The business'} logo`}
            className="size-12"
          />
          <button type="button" className={`${secondaryButtonClass} px-3 py-2`} onClick={remove}>
            Remove<span className="sr-only"> the logo</span>
          </button>
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className={fieldErrorClass}>
          {error}
        </p>
      )}
    </fieldset>
  )
}
