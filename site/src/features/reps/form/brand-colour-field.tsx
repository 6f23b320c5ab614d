import { useRef } from 'react'
import { PROSPECT_FIELD_LABELS as LABELS } from '#core/prospect-fields.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { ColourSwatch } from '../ui/colour-swatch.tsx'
import { FieldFrame } from '../ui/field-frame.tsx'
import { inputClass } from '../ui/field-styles.ts'
import type { FieldBinding } from './agent-fields.tsx'

/** The brand colour as `#rrggbb`, its swatch beside it as it is typed; Clear leaves none. */
export function BrandColourField({ binding }: { binding: FieldBinding }) {
  const inputRef = useRef<HTMLInputElement>(null)
  const { name, value, onValue, error } = binding
  const clear = () => {
    onValue('')
    inputRef.current?.focus()
  }
  return (
    <FieldFrame
      label={LABELS.theme_color}
      hint="The business's colour on its page, written #rrggbb, for example #0e7490."
      error={error}
    >
      {(control) => (
        <div className="mt-1.5 flex items-center gap-2">
          <ColourSwatch colour={value} className="size-11.5 rounded-xl" />
          <input
            {...control}
            ref={inputRef}
            className={`${inputClass} max-w-40 font-mono`}
            name={name}
            value={value}
            onChange={(event) => onValue(event.target.value)}
            placeholder="#rrggbb"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          {value !== '' && (
            <button type="button" className={`${secondaryButtonClass} px-3 py-2.5`} onClick={clear}>
              Clear<span className="sr-only"> the brand colour</span>
            </button>
          )}
        </div>
      )}
    </FieldFrame>
  )
}
