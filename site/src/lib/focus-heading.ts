/** FocusOptions' `focusVisible` (not yet in TypeScript's DOM types): whether the browser draws the focus ring. */
type FocusVisibleOptions = FocusOptions & { focusVisible?: boolean }

let lastInput: 'keyboard' | 'pointer' | null = null
let listening = false

/** Keys that only qualify a click (Ctrl-click opens a tab) say nothing about who is at the keyboard. */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'Meta'])

/**
 * Starts noting whether the page was last used with a keyboard or a pointer (once per page; listeners
 * in the capture phase, so a control that stops the event cannot hide it).
 */
export function trackLastInput(): void {
  if (listening) return
  listening = true
  document.addEventListener(
    'keydown',
    (event) => {
      if (!MODIFIERS.has(event.key)) lastInput = 'keyboard'
    },
    true,
  )
  document.addEventListener('pointerdown', () => (lastInput = 'pointer'), true)
}

/** Whether the last input was a key (not a pointer, and not nothing yet, as on a page just opened). */
export const wasLastInputKeyboard = (): boolean => lastInput === 'keyboard'

/**
 * Moves focus to a heading (or a page's main content), where reading goes on rather than a control:
 * focusable from script only, no stop for Tab. The browser draws its focus ring only for a keyboard
 * user; where `focusVisible` is unknown, the browser's own guess stands (index.css styles the ring).
 */
export function focusHeading(heading: HTMLElement, byKeyboard: boolean): void {
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1
  const options: FocusVisibleOptions = { focusVisible: byKeyboard }
  heading.focus(options)
}
