import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { stubFetch } from '../testing/fake-fetch.ts'
import {
  answerPhoneCallWith,
  closePhoneDialogs,
  openPhoneDialog,
  phoneCallRequests,
} from '../testing/open-phone-dialog.tsx'
import { getByRole, waitFor } from '../testing/queries.ts'

let fetch: ReturnType<typeof stubFetch>

beforeEach(() => {
  fetch = stubFetch()
})
afterEach(() => {
  closePhoneDialogs()
  vi.unstubAllGlobals()
})

/** The dialog's country combobox, with keys pressed on it and the name of its active option. */
async function countryPicker() {
  const opened = await openPhoneDialog()
  const combobox = getByRole(opened.dialog, 'combobox', 'Country')
  const key = (name: string) =>
    combobox.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }))
  const activeName = () =>
    opened.dialog.querySelector(`[id="${combobox.getAttribute('aria-activedescendant')}"]`)?.textContent
  return { ...opened, combobox, key, activeName }
}

it('picks a country from its listbox with the keyboard, type-ahead included, and Escape closes only the list', async () => {
  const { dialog, submit, type, combobox, key, activeName } = await countryPicker()

  key('ArrowDown')
  await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'))
  for (const char of 'ger') key(char)
  await waitFor(() => expect(activeName()).toBe('Germany (+49)'))
  key('Enter')
  await waitFor(() => expect(combobox.textContent).toContain('Germany (+49)'))
  expect(combobox.getAttribute('aria-expanded')).toBe('false')

  key('End')
  key('Escape')
  await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('false'))
  expect(dialog.hasAttribute('open')).toBe(true)
  expect(combobox.textContent).toContain('Germany (+49)')

  answerPhoneCallWith(fetch, () => Response.json({ callId: 'call-2', number: '+49301234567' }))
  await type('30 1234567')
  await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
  submit().click()
  await waitFor(() => expect(phoneCallRequests(fetch)).toHaveLength(1))
  expect(phoneCallRequests(fetch)[0]).toMatchObject({ country: 'DE', number: '30 1234567' })
})

it('lets only a pointer that really moves change the active country, not one the list opened under', async () => {
  const { dialog, key, activeName } = await countryPicker()
  const pointAt = (name: string, screenX: number, screenY: number) =>
    getByRole(dialog, 'option', name).dispatchEvent(
      new PointerEvent('pointermove', { bubbles: true, screenX, screenY }),
    )

  key('ArrowDown')
  for (const char of 'ger') key(char)
  await waitFor(() => expect(activeName()).toBe('Germany (+49)'))
  // The browser reports a pointer standing still over Italy as the list opens and changes under it.
  pointAt('Italy (+39)', 200, 600)
  pointAt('Italy (+39)', 200, 600)
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(activeName()).toBe('Germany (+49)')

  pointAt('Italy (+39)', 204, 610) // the visitor moves the mouse
  await waitFor(() => expect(activeName()).toBe('Italy (+39)'))
})
