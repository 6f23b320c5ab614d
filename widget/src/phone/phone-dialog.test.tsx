import { render } from 'preact'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { createDemoStore } from '../state/demo-store.ts'
import { answerLikeTheServer, stubFetch } from '../testing/fake-fetch.ts'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { DemoPanel } from '../ui/demo-panel.tsx'
import { PhoneDialog } from './phone-dialog.tsx'

it('lets only a pointer that really moves change the active country, not one the list opened under', async () => {
  const { dialog } = await openDialog()
  const combobox = getByRole(dialog, 'combobox', 'Country')
  const key = (name: string) =>
    combobox.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }))
  const activeName = () =>
    dialog.querySelector(`[id="${combobox.getAttribute('aria-activedescendant')}"]`)?.textContent
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

const container = document.createElement('div')
let fetch: ReturnType<typeof stubFetch>
/** The bodies of the phone-call requests the dialog sent. */
const posted = () =>
  fetch.mock.calls
    .filter(([input]) => String(input).endsWith('/api/calls/phone'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, string>)

beforeEach(() => {
  fetch = stubFetch()
  document.body.append(container)
})
afterEach(() => {
  render(null, container)
  vi.unstubAllGlobals()
})

/** The panel for Bright Smile Dental, with the phone dialog open. */
async function openDialog() {
  const store = createDemoStore({
    fetchProspect: async (slug) => answerLikeTheServer(`https://x/api/prospects/${slug}`).json(),
    loadPhoneDialog: async () => PhoneDialog,
    loadBrowserCall: async () => null,
  })
  store.getState().load('bright-smile-dental', 'https://x')
  render(<DemoPanel store={store} apiBase="https://x" />, container)
  const opener = await waitFor(() => getByRole(container, 'button', 'Call Me'))
  opener.focus()
  opener.click()
  const dialog = await waitFor(() => getByRole(container, 'dialog', 'Get a Call from Our AI Assistant'))
  const input = dialog.querySelector('input[type="tel"]') as HTMLInputElement
  const submit = () => getByRole(dialog, 'button', /^(Call Me|Calling\.\.\.)$/)
  /** Types a number and lets Preact re-render, as the time between two keystrokes would. */
  const type = async (value: string) => {
    input.value = value
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { store, dialog, input, submit, type, opener }
}

/** Answers the phone-call request with `response` (other requests as the server would). */
function answerCallWith(response: () => Response | Promise<Response>) {
  fetch.mockImplementation(async (input) =>
    String(input).endsWith('/api/calls/phone') ? response() : answerLikeTheServer(input),
  )
}

it('keeps Call Me disabled while the number is blank, and names a missing or invalid number', async () => {
  const { dialog, submit, type, input } = await openDialog()
  expect(input.getAttribute('autocomplete')).toBe('tel-national')
  expect(submit().hasAttribute('disabled')).toBe(true)

  await type('   ')
  await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
  submit().click()
  const alert = await waitFor(() => getByRole(dialog, 'alert'))
  expect(alert.textContent).toContain('Phone Number Required')
  expect(alert.textContent).toContain('Please enter a valid phone number')

  await type('12345') // +1 and 5 digits: too short
  submit().click()
  await waitFor(() => expect(getByRole(dialog, 'alert').textContent).toContain('Invalid Phone Number'))
  expect(posted()).toEqual([])
})

it("reads 'Calling...' while the request runs, then closes, clears the number and confirms", async () => {
  let answer: (response: Response) => void = () => {}
  answerCallWith(() => new Promise((resolve) => (answer = resolve)))
  const { store, dialog, submit, type, input, opener } = await openDialog()

  await type('(555) 123-4567')
  await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
  submit().click()
  await waitFor(() => expect(submit().textContent).toBe('Calling...'))
  expect(submit().hasAttribute('disabled')).toBe(true)
  expect(posted()).toEqual([
    {
      slug: 'bright-smile-dental',
      country: 'US',
      number: '(555) 123-4567',
      idempotencyKey: expect.any(String),
    },
  ])

  answer(Response.json({ callId: 'call-1', number: '+15551234567' }))
  await waitFor(() => expect(store.getState().phoneOpen).toBe(false))
  expect(dialog.hasAttribute('open')).toBe(false)
  expect(document.activeElement === opener || opener.matches(':focus')).toBe(true)
  const status = await waitFor(() =>
    queryAllByRole(container, 'status').find((element) => element.textContent?.includes('Call Initiated')),
  )
  expect(status?.textContent).toContain('Calling +15551234567... You should receive a call shortly.')

  store.getState().openPhoneDialog()
  await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true))
  expect(input.value).toBe('')
})

it("shows the server's refusal with its title, and retries with the same idempotency key", async () => {
  const refusals = [
    Response.json(
      { error: { code: 'phone_not_configured', message: 'Phone calling is not properly configured...' } },
      { status: 503 },
    ),
    Response.json(
      { error: { code: 'rate_limited', message: 'Too many call requests. Please try again later.' } },
      { status: 429, headers: { 'Retry-After': '60' } },
    ),
  ]
  answerCallWith(() => refusals.shift() ?? Response.json({}, { status: 500 }))
  const { dialog, submit, type } = await openDialog()
  await type('030 1234567')

  submit().click()
  await waitFor(() => expect(getByRole(dialog, 'alert').textContent).toContain('Configuration Required'))
  expect(getByRole(dialog, 'alert').textContent).toContain('Phone calling is not properly configured...')
  await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
  submit().click()
  await waitFor(() => expect(getByRole(dialog, 'alert').textContent).toContain('Too Many Calls'))

  await type('030 7654321') // another number: another key
  await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
  submit().click()
  await waitFor(() => expect(getByRole(dialog, 'alert').textContent).toContain('Call Failed'))
  const keys = posted().map((body) => body.idempotencyKey)
  expect(keys).toHaveLength(3)
  expect(keys[1]).toBe(keys[0])
  expect(keys[2]).not.toBe(keys[0])
})

it('picks a country from its listbox with the keyboard, type-ahead included, and Escape closes only the list', async () => {
  const { dialog, submit, type } = await openDialog()
  const combobox = getByRole(dialog, 'combobox', 'Country')
  const key = (name: string) =>
    combobox.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }))

  key('ArrowDown')
  await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('true'))
  for (const char of 'ger') key(char)
  await waitFor(() => {
    const active = combobox.getAttribute('aria-activedescendant') ?? ''
    expect(dialog.querySelector(`[id="${active}"]`)?.textContent).toBe('Germany (+49)')
  })
  key('Enter')
  await waitFor(() => expect(combobox.textContent).toContain('Germany (+49)'))
  expect(combobox.getAttribute('aria-expanded')).toBe('false')

  key('End')
  key('Escape')
  await waitFor(() => expect(combobox.getAttribute('aria-expanded')).toBe('false'))
  expect(dialog.hasAttribute('open')).toBe(true)
  expect(combobox.textContent).toContain('Germany (+49)')

  answerCallWith(() => Response.json({ callId: 'call-2', number: '+49301234567' }))
  await type('30 1234567')
  await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
  submit().click()
  await waitFor(() => expect(posted()).toHaveLength(1))
  expect(posted()[0]).toMatchObject({ country: 'DE', number: '30 1234567' })
})
