import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { getVisitId, keepVisit } from '#core/engagement-visit.ts'
import { loadEngagement } from '../engagement/report-engagement.ts'
import { fakeVisitOf, stubFetch } from '../testing/fake-fetch.ts'
import {
  answerPhoneCallWith,
  closePhoneDialogs,
  openPhoneDialog,
  phoneCallRequests,
} from '../testing/open-phone-dialog.tsx'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { dismissToast } from '../toast/page-toast.ts'

let fetch: ReturnType<typeof stubFetch>
const posted = () => phoneCallRequests(fetch)

// As after the panel's first idle moment: the engagement chunk, with the tab's visit id, is here.
beforeAll(() => loadEngagement())

beforeEach(() => {
  fetch = stubFetch()
  // The page counted as opened: the tab has its visit of the prospect.
  keepVisit('bright-smile-dental', fakeVisitOf('bright-smile-dental'))
})
afterEach(() => {
  closePhoneDialogs()
  dismissToast()
  window.history.replaceState(null, '', '/')
  vi.unstubAllGlobals()
})

describe('the phone dialog', () => {
  it('keeps Call Me disabled while the number is blank, and names a missing or invalid number', async () => {
    const { dialog, submit, type, input } = await openPhoneDialog()
    expect(input.getAttribute('autocomplete')).toBe('tel-national')
    expect(submit().hasAttribute('disabled')).toBe(true)

    await type('   ')
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
    submit().click()
    // Inside the dialog: the page behind a modal is inert, so the toast shows in it.
    const alert = await waitFor(() => getByRole(dialog, 'alert', /Phone Number Required/))
    expect(alert.textContent).toContain('Please enter a valid phone number')

    await type('12345') // +1 and 5 digits: too short
    submit().click()
    await waitFor(() => expect(getByRole(dialog, 'alert').textContent).toContain('Invalid Phone Number'))
    expect(posted()).toEqual([])
  })

  it('marks a refused number on the field itself, with the reason under it, and moves the focus there', async () => {
    const { dialog, submit, type, input } = await openPhoneDialog()
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    await type('12345')
    submit().click()
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
    const reason = dialog.querySelector(`#${input.getAttribute('aria-describedby')}`)
    expect(reason?.textContent).toBe('Please enter a valid phone number')
    // The focus follows the mark, once the field can be typed in again.
    await waitFor(() => expect(input.matches(':focus')).toBe(true))

    // Another number: the mark, its reason and the toast about the old number go.
    await type('123456')
    expect(input.hasAttribute('aria-invalid')).toBe(false)
    expect(input.hasAttribute('aria-describedby')).toBe(false)
    expect(dialog.textContent).not.toContain('Please enter a valid phone number')
    await waitFor(() => expect(getByRole(dialog, 'alert').textContent).toBe(''))
  })

  it("marks the field with the server's reason when the server will not dial the number", async () => {
    const reason = 'We can only call mobile and landline numbers. Please enter another number.'
    answerPhoneCallWith(fetch, () =>
      Response.json({ error: { code: 'phone_invalid', message: reason } }, { status: 400 }),
    )
    const { dialog, submit, type, input } = await openPhoneDialog()
    await type('900 555 1234')
    submit().click()
    await waitFor(() => expect(input.getAttribute('aria-invalid')).toBe('true'))
    expect(dialog.querySelector(`#${input.getAttribute('aria-describedby')}`)?.textContent).toBe(reason)
    expect(getByRole(dialog, 'alert').textContent).toContain('Invalid Phone Number')
    // Back in the field once it can be typed in again (it is disabled while the number is sent).
    await waitFor(() => expect(input.matches(':focus')).toBe(true))
  })

  it('suggests a number the chosen country would dial, as that country writes it', async () => {
    const { dialog, input } = await openPhoneDialog()
    // Not (555) 123-4567: 555 is no area code, so the server refuses it.
    expect(input.placeholder).toBe('(201) 555-0123')
    const combobox = getByRole(dialog, 'combobox', 'Country')
    for (const key of ['ArrowDown', 'ArrowDown', 'Enter']) {
      combobox.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true }))
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    await waitFor(() => expect(combobox.textContent).toContain('United Kingdom'))
    expect(input.placeholder).toBe('07400 123456')
  })

  it('takes a warning about an earlier try away while the number is being called again', async () => {
    let answer: (response: Response) => void = () => {}
    const answers = [
      () => Response.json({ error: { code: 'phone_call_failed', message: 'Failed.' } }, { status: 502 }),
      () => new Promise<Response>((resolve) => (answer = resolve)),
    ]
    answerPhoneCallWith(fetch, () => (answers.shift() ?? answers[0])?.() ?? Response.error())
    const { dialog, submit, type } = await openPhoneDialog()
    await type('(201) 555-0123')
    submit().click()
    await waitFor(() => expect(getByRole(dialog, 'alert').textContent).toContain('Call Failed'))

    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
    submit().click() // the same number, tried again
    await waitFor(() => expect(submit().textContent).toBe('Calling...'))
    expect(getByRole(dialog, 'alert').textContent).toBe('')
    expect(queryAllByRole(dialog, 'status').map((status) => status.textContent)).toEqual([''])
    answer(Response.json({ callId: 'call-1', number: '+12015550123' }))
  })

  it('links its consent line to the privacy page, in a new tab so the dialog stays', async () => {
    const { dialog } = await openPhoneDialog()
    const link = getByRole(dialog, 'link', 'How we handle your data') as HTMLAnchorElement
    expect(new URL(link.href).pathname).toBe('/privacy')
    expect(link.target).toBe('_blank')
    expect(link.closest('p')?.textContent).toContain('We use the number only for this call.')
  })

  it("reads 'Calling...' while the request runs, then closes, clears the number and confirms", async () => {
    let answer: (response: Response) => void = () => {}
    answerPhoneCallWith(fetch, () => new Promise((resolve) => (answer = resolve)))
    const { container, store, dialog, submit, type, input, opener } = await openPhoneDialog()

    await type('(201) 555-0123')
    await waitFor(() => expect(submit().hasAttribute('disabled')).toBe(false))
    submit().click()
    await waitFor(() => expect(submit().textContent).toBe('Calling...'))
    expect(submit().hasAttribute('disabled')).toBe(true)
    expect(posted()).toEqual([
      {
        slug: 'bright-smile-dental',
        country: 'US',
        number: '(201) 555-0123',
        idempotencyKey: expect.any(String),
        // The tab's visit, for the call's metadata: its end-of-call report links back to the visit.
        visitId: getVisitId('bright-smile-dental'),
      },
    ])

    answer(Response.json({ callId: 'call-1', number: '+12015550123' }))
    await waitFor(() => expect(store.getState().phoneOpen).toBe(false))
    expect(dialog.hasAttribute('open')).toBe(false)
    expect(document.activeElement === opener || opener.matches(':focus')).toBe(true)
    // The dialog closed: the confirmation shows in the panel's own region.
    const region = await waitFor(() => getByRole(container, 'region', 'Notifications (F8)'))
    expect(dialog.contains(region)).toBe(false)
    expect(getByRole(region, 'status').textContent).toContain(
      'Calling +12015550123... You should receive a call shortly.',
    )

    store.getState().openPhoneDialog()
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true))
    expect(input.value).toBe('')
  })

  it("shows the server's refusal with its title, and retries with the same idempotency key", async () => {
    const refusals = [
      Response.json(
        { error: { code: 'phone_not_configured', message: 'Phone calls are not available right now.' } },
        { status: 503 },
      ),
      Response.json(
        { error: { code: 'rate_limited', message: 'Too many call requests. Please try again later.' } },
        { status: 429, headers: { 'Retry-After': '60' } },
      ),
    ]
    answerPhoneCallWith(fetch, () => refusals.shift() ?? Response.json({}, { status: 500 }))
    const { dialog, submit, type } = await openPhoneDialog()
    await type('030 1234567')

    submit().click()
    await waitFor(() => expect(getByRole(dialog, 'alert').textContent).toContain('Configuration Required'))
    expect(getByRole(dialog, 'alert').textContent).toContain('Phone calls are not available right now.')
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
})

describe("the dialog's back arrow", () => {
  /** Counts the `popstate` events a router would hear. */
  function watchPopState() {
    const seen: string[] = []
    const listener = () => seen.push(location.pathname)
    window.addEventListener('popstate', listener)
    return { seen, stop: () => window.removeEventListener('popstate', listener) }
  }

  it("only closes the dialog on a partner's page: the page's own address is not ours to change", async () => {
    window.history.replaceState(null, '', '/pricing')
    const popstate = watchPopState()
    const { dialog, store } = await openPhoneDialog()
    getByRole(dialog, 'button', 'Back').click()
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false))
    expect(store.getState().phoneOpen).toBe(false)
    expect(location.pathname).toBe('/pricing')
    expect(popstate.seen).toEqual([])
    popstate.stop()
  })

  it("also shows the prospect's page where the host asked for back-navigation", async () => {
    window.history.replaceState(null, '', '/pricing')
    const popstate = watchPopState()
    const { dialog, store } = await openPhoneDialog({ backNavigation: true })
    const length = history.length
    getByRole(dialog, 'button', 'Back').click()
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false))
    expect(location.pathname).toBe('/bright-smile-dental')
    expect(history.length).toBe(length + 1) // pushed: the browser's back button returns to /pricing
    expect(popstate.seen).toEqual(['/bright-smile-dental']) // for the host's router

    store.getState().openPhoneDialog() // already on the prospect's page: nothing to push
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(true))
    getByRole(dialog, 'button', 'Back').click()
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false))
    expect(history.length).toBe(length + 1)
    expect(popstate.seen).toEqual(['/bright-smile-dental'])
    popstate.stop()
  })
})
