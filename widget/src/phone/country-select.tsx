import { useRef, useState } from 'preact/hooks'
import type { PhoneCountry } from '#core/phone.ts'
import { LineIcon } from '../ui/line-icon.tsx'
import { createTypeAhead } from './type-ahead.ts'

interface CountrySelectProps<C extends PhoneCountry> {
  countries: readonly C[]
  value: C
  onChange(country: C): void
  disabled?: boolean
}

const label = (country: PhoneCountry) => `${country.name} (${country.dialCode})`

/**
 * The dial-code picker: a select-only combobox with a listbox popup (WAI-ARIA Authoring Practices).
 * Arrows, Home and End move; Enter, Space or Tab choose; Escape closes the list without closing the
 * dialog; typing a country's name jumps to it (type-ahead, reset after 1000 ms). A native `<select>`
 * would do most of this, but its popup cannot be styled into the widget, nor its type-ahead tested.
 */
export function CountrySelect<C extends PhoneCountry>({
  countries,
  value,
  onChange,
  disabled,
}: CountrySelectProps<C>) {
  // Ids are scoped to the shadow root, which holds one phone dialog: a fixed prefix is unique there
  // (and keeps Preact's useId out of the core, where the chunks' hooks live).
  const id = 'country'
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const [typeAhead] = useState(() => createTypeAhead())
  const button = useRef<HTMLButtonElement>(null)
  // Only a pointer that really moved picks an option. The browser also reports a pointer standing still
  // while the list opens or changes under it, which must not undo what the keyboard chose.
  const pointer = useRef<string | null>(null)
  const pointerMoved = (event: PointerEvent): boolean => {
    const last = pointer.current
    pointer.current = `${event.screenX},${event.screenY}`
    return last !== null && last !== pointer.current
  }
  const selected = Math.max(0, countries.indexOf(value))

  const show = (index: number) => {
    setActive(index)
    setOpen(true)
  }
  const choose = (index: number) => {
    const country = countries[index]
    if (country) onChange(country)
    setOpen(false)
  }
  const last = countries.length - 1

  function onKeyDown(event: KeyboardEvent): void {
    const current = open ? active : selected
    const move = (index: number) => (open ? setActive(index) : show(index))
    const keys: Record<string, () => void> = {
      ArrowDown: () => (open ? setActive(Math.min(last, active + 1)) : show(selected)),
      ArrowUp: () => (open ? setActive(Math.max(0, active - 1)) : show(selected)),
      Home: () => move(0),
      End: () => move(last),
      Enter: () => (open ? choose(active) : show(selected)),
      ' ': () => (open ? choose(active) : show(selected)),
      Escape: () => setOpen(false),
    }
    // A space continues a type-ahead search ("united k") rather than choosing.
    const action = event.key === ' ' && typeAhead.typing() ? undefined : keys[event.key]
    if (event.key === 'Escape' && !open) return // the dialog's own Escape
    if (event.key === 'Tab') return void (open && choose(active))
    if (action) {
      event.preventDefault()
      event.stopPropagation()
      action()
      return
    }
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) {
      const index = typeAhead.search(
        event.key,
        countries.map((country) => country.name),
        current,
      )
      if (index !== -1) move(index)
    }
  }

  return (
    // The list opens in the dialog's flow, not over it: an overlay would be cut off at the edge of the
    // dialog (which scrolls), most of all in the phone's bottom sheet.
    <div>
      <button
        ref={button}
        type="button"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open ? `${id}-${active}` : undefined}
        aria-label="Country"
        disabled={disabled}
        class="flex h-12 w-full items-center justify-between gap-2 rounded-xl bg-surface px-4 text-left text-base ring-1 ring-edge focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60"
        onClick={() => (open ? setOpen(false) : show(selected))}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      >
        <span>{label(value)}</span>
        <span class="text-ink-soft">
          <LineIcon size={16}>
            <path d="m6 9 6 6 6-6" />
          </LineIcon>
        </span>
      </button>
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label="Country"
        hidden={!open}
        class="mt-1 max-h-[200px] overflow-auto rounded-xl bg-surface py-1 shadow-lg ring-1 ring-line"
      >
        {countries.map((country, index) => (
          <div
            key={country.code}
            id={`${id}-${index}`}
            role="option"
            tabIndex={-1}
            aria-selected={index === selected}
            class={`cursor-pointer px-4 py-2 text-base ${index === active ? 'bg-accent-soft' : ''} ${
              index === selected ? 'font-semibold' : ''
            }`}
            // Chosen on pointer down, before the button's blur closes the list.
            onPointerDown={(event) => {
              event.preventDefault()
              choose(index)
              button.current?.focus()
            }}
            onPointerMove={(event) => pointerMoved(event) && setActive(index)}
          >
            {label(country)}
          </div>
        ))}
      </div>
    </div>
  )
}
