import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest'
import { OPEN_VISIBLE_MS } from '#core/engagement.ts'
import { defineVoiceDemo, defineVoiceVideoCall } from '../embed.ts'
import { loadEngagement } from '../engagement/report-engagement.ts'
import { PREVIEW_NOTICE } from '../lib/preview.ts'
import { stubFetch } from '../testing/fake-fetch.ts'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { dismissToast, pageToast } from '../toast/page-toast.ts'
import { loadToasts } from '../toast/toasts.ts'
import { VIDEO_CALL_LABEL } from '../video/video-call-button.tsx'

// `preview`: the demo as an editor shows it (the WordPress block in the editor). An author looking at a
// draft is not the prospect's visit, and nobody is called from an editor: the panel and the video
// button look as published, report nothing, and a click says why no call starts.

let fetch: ReturnType<typeof stubFetch>
beforeAll(async () => {
  defineVoiceDemo()
  defineVoiceVideoCall()
  // As after the first idle moment: the reporter's chunk is here, so a report would go out at once.
  await Promise.all([loadEngagement(), loadToasts()])
})
beforeEach(() => {
  sessionStorage.clear()
  fetch = stubFetch()
})
afterEach(() => {
  dismissToast()
  document.body.innerHTML = ''
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

let apis = 0
/** An API of the test's own: the page keeps each API's answers, and a test must ask afresh. */
const ownApi = () => `https://preview-${++apis}.example`
const mount = (tag: string, attributes: Record<string, string>) => {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  return element.shadowRoot as ShadowRoot
}
const paths = () => fetch.mock.calls.map(([input]) => new URL(String(input)).pathname)

it('shows the panel as published, reports no visit, and starts no call from Talk or Call Me', async () => {
  vi.useFakeTimers()
  const root = mount('voice-demo', { slug: 'acme-preview', 'api-base': ownApi(), preview: '' })
  await vi.advanceTimersByTimeAsync(OPEN_VISIBLE_MS * 2)
  vi.useRealTimers()
  await waitFor(() => getByRole(root, 'heading', /^Built for /))
  const status = () => queryAllByRole(root, 'status').map((one) => one.textContent)

  getByRole(root, 'button', 'Test in Browser').click()
  await waitFor(() => expect(status()).toContain(PREVIEW_NOTICE))
  expect(PREVIEW_NOTICE).toBe('This is a preview. Calls start on the published page.')
  // Still ready to be clicked again: nothing is connecting.
  expect(getByRole(root, 'button', 'Test in Browser').getAttribute('aria-disabled')).not.toBe('true')

  getByRole(root, 'button', 'Call Me').click()
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(queryAllByRole(root, 'dialog')).toEqual([])
  expect(status()).toContain(PREVIEW_NOTICE)

  // The prospect's answer was all it asked for: no visit, no event, no call.
  expect(paths()).toEqual(['/api/prospects/acme-preview'])
})

it('starts no call from the host API either', async () => {
  const root = mount('voice-demo', { slug: 'acme-preview', 'api-base': ownApi(), preview: '' })
  await waitFor(() => getByRole(root, 'heading', /^Built for /))
  const element = root.host as HTMLElement & { startCall(): void; openPhoneDialog(): void }
  element.startCall()
  element.openPhoneDialog()
  await waitFor(() =>
    expect(queryAllByRole(root, 'status').map((one) => one.textContent)).toContain(PREVIEW_NOTICE),
  )
  expect(queryAllByRole(root, 'dialog')).toEqual([])
  expect(paths()).toEqual(['/api/prospects/acme-preview'])
})

it('gives the video button its place, reports no visit, and says in its toast that no call starts', async () => {
  const root = mount('voice-video-call', { slug: 'acme-preview', 'api-base': ownApi(), preview: '' })
  const button = await waitFor(() => getByRole(root, 'button', VIDEO_CALL_LABEL))
  button.click()
  await waitFor(() => expect(pageToast.getState().toast?.title).toBe(PREVIEW_NOTICE))
  expect(paths().filter((path) => path !== '/api/config' && !path.startsWith('/api/prospects/'))).toEqual([])
})
