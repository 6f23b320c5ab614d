import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { defineVoiceDemo } from '../testing/define-elements.ts'
import { stubFetch } from '../testing/fake-fetch.ts'
import { getByRole, waitFor } from '../testing/queries.ts'
import { VOICE_NOT_CONFIGURED } from '../voice/start-when-loaded.ts'
import { HOST_COMMANDS } from './host-vocabulary.ts'
import { installHostApi } from './install-host-api.ts'

type Api = ((...args: unknown[]) => void) & { q?: unknown[][] }
const host = window as unknown as { VoiceDemo?: Api }
let warn: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  stubFetch()
  defineVoiceDemo()
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  document.body.innerHTML = ''
  delete host.VoiceDemo
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The queue stub of the documented snippet, as a page has it before widget.mjs arrives. */
function pasteStub(): Api {
  const queue: unknown[][] = []
  const stub: Api = Object.assign((...args: unknown[]) => void queue.push(args), { q: queue })
  host.VoiceDemo = stub
  return stub
}

function mount(slug: string): HTMLElement {
  const element = document.createElement('voice-demo')
  element.setAttribute('slug', slug)
  document.body.append(element)
  return element
}
const shadow = (element: Element) => element.shadowRoot as ShadowRoot
/** The panel's status line (the toast regions have live regions of their own). */
const statusOf = (element: Element) => shadow(element).getElementById('demo-status')?.textContent
const loaded = (element: Element) => waitFor(() => getByRole(shadow(element), 'button', 'Test in Browser'))

it('replays the commands queued before the widget loaded, in order, then runs new ones as they come', async () => {
  const api = pasteStub()
  const seen: unknown[] = []
  api('on', 'error', (detail: unknown) => seen.push(detail))
  api('startCall', { slug: 'harbor-realty' })
  const dental = mount('bright-smile-dental')
  const realty = mount('harbor-realty')
  await loaded(dental)
  await loaded(realty)

  installHostApi()
  expect(host.VoiceDemo).not.toBe(api)
  // The queued startCall reached the harbor-realty panel only (voice is not configured in this fake).
  await waitFor(() => expect(statusOf(realty)).toBe(VOICE_NOT_CONFIGURED))
  expect(statusOf(dental)).toBe('')

  realty.dispatchEvent(
    new CustomEvent('voice-demo:error', { detail: { slug: 'harbor-realty', message: 'x' }, bubbles: true }),
  )
  expect(seen).toEqual([{ slug: 'harbor-realty', message: 'x' }])
})

it('opens the phone dialog of the first panel, and leaves a call alone that is not live', async () => {
  const panel = mount('bright-smile-dental')
  await loaded(panel)
  installHostApi()
  host.VoiceDemo?.('stopCall') // nothing to stop: must not start one
  host.VoiceDemo?.('openPhoneDialog')
  await waitFor(() => getByRole(shadow(panel), 'dialog', 'Get a Call from Our AI Assistant'))
  expect(statusOf(panel)).toBe('')
})

it('never throws into the page: a bad command, event or handler is one warning naming what is allowed', async () => {
  installHostApi()
  const api = host.VoiceDemo as Api
  expect(() => api('explode')).not.toThrow()
  api('on', 'call-strat', () => {})
  api('on', 'call-start', 'not a function')
  api('startCall', { slug: 'nobody' })
  await waitFor(() => expect(warn).toHaveBeenCalledTimes(4))
  const messages = warn.mock.calls.map((args: unknown[]) => String(args[0]))
  expect(messages[0]).toBe(
    `[voice-demo] VoiceDemo(): unknown command "explode"; use one of ${HOST_COMMANDS.join(', ')}.`,
  )
  expect(messages[1]).toContain('unknown event "call-strat"; use one of call-start, call-end, error')
  expect(messages[2]).toBe("[voice-demo] VoiceDemo(): on('call-start', handler) needs a function.")
  expect(messages[3]).toBe('[voice-demo] VoiceDemo(): no <voice-demo slug="nobody"> on this page.')
})

it('adds a handler once, removes it with off, and destroy removes the widgets and every handler', async () => {
  const panel = mount('bright-smile-dental')
  await loaded(panel)
  installHostApi()
  const api = host.VoiceDemo as Api
  const calls: string[] = []
  const handler = (detail: { slug: string }) => calls.push(detail.slug)
  const other = (detail: { slug: string }) => calls.push(`other:${detail.slug}`)
  api('on', 'call-end', handler)
  api('on', 'call-end', handler)
  api('on', 'call-start', other)
  await waitFor(() => expect(warn).not.toHaveBeenCalled())
  // From the document itself, where the API listens: after destroy there is no panel to bubble from.
  const fire = (name: string) =>
    document.dispatchEvent(new CustomEvent(`voice-demo:${name}`, { detail: { slug: 'a' } }))
  await new Promise((resolve) => setTimeout(resolve, 0))
  fire('call-end')
  fire('call-start')
  expect(calls).toEqual(['a', 'other:a'])

  api('off', 'call-end', handler)
  await new Promise((resolve) => setTimeout(resolve, 0))
  fire('call-end')
  fire('call-start')
  expect(calls).toEqual(['a', 'other:a', 'other:a'])

  api('destroy')
  await waitFor(() => expect(document.querySelector('voice-demo')).toBeNull())
  fire('call-start')
  expect(calls).toEqual(['a', 'other:a', 'other:a'])
})

it('keeps one API when the snippet is pasted twice', () => {
  installHostApi()
  const first = host.VoiceDemo
  installHostApi()
  expect(host.VoiceDemo).toBe(first)
})
