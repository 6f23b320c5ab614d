import { render } from 'preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { VideoConversationResponse } from '#core/video-call.ts'
import { getByRole, queryAllByRole, waitFor } from '../../testing/queries.ts'
import { dismissToast, pageToast } from '../../toast/page-toast.ts'
import { quietFrameLoading } from './testing/quiet-frames.ts'
import { createVideoCallStore } from './video-call-store.ts'
import { VideoOverlay } from './video-overlay.tsx'

const URL_OF_PAGE = 'https://video.example/conversations/c-1'
let host: HTMLElement
let root: ShadowRoot
let ended: string[]

beforeEach(() => {
  quietFrameLoading()
  host = document.createElement('div')
  document.body.append(host)
  root = host.attachShadow({ mode: 'open' })
  ended = []
})
afterEach(() => {
  render(null, root)
  host.remove()
  dismissToast()
  vi.restoreAllMocks()
})

/** The overlay of a call whose start answers `answer`, started and settled. */
async function openCall(answer: Partial<VideoConversationResponse> = {}) {
  const store = createVideoCallStore({
    startConversation: async () => ({
      conversationId: 'c-1',
      conversationUrl: URL_OF_PAGE,
      maxDurationSeconds: 300,
      ...answer,
    }),
    endConversation: async (id) => void ended.push(id),
    name: 'Anna',
    owner: host,
  })
  render(<VideoOverlay store={store} name="Anna" owner={host} />, root)
  store.getState().start(undefined, 'https://api.example')
  const dialog = await waitFor(() => getByRole(root, 'dialog', 'Video call with Anna'))
  return { store, dialog }
}

const pressEscape = (dialog: HTMLElement) => dialog.dispatchEvent(new Event('cancel', { cancelable: true }))

describe('the video-call overlay', () => {
  it('is closed until a call is active', () => {
    const store = createVideoCallStore({ startConversation: vi.fn(), endConversation: vi.fn() })
    render(<VideoOverlay store={store} name="Anna" owner={host} />, root)
    expect(queryAllByRole(root, 'dialog')).toEqual([])
  })

  it("shows the call in a frame with the permissions it needs, a m:ss countdown and, inside, the toast 'Connected!'", async () => {
    const { dialog, store } = await openCall()
    expect((dialog as HTMLDialogElement).open).toBe(true)
    const frame = dialog.querySelector('iframe') as HTMLIFrameElement
    expect(frame.getAttribute('src')).toBe(URL_OF_PAGE)
    expect(frame.getAttribute('allow')).toBe('camera; microphone; autoplay; display-capture')
    expect(frame.getAttribute('title')).toBe('Video call')
    expect(getByRole(dialog, 'timer').textContent).toBe('5:00')
    // The page behind a modal dialog is inert: the element's toast shows inside the dialog.
    await waitFor(() =>
      expect(getByRole(dialog, 'status').textContent).toContain("You're now connected with Anna."),
    )
    expect(getByRole(dialog, 'region', 'Notifications (F8)')).toBeTruthy()
    // No core sheet here: the overlay's and the toast region's sheets came with their chunks.
    expect(root.adoptedStyleSheets).toHaveLength(2)

    const privacy = getByRole(dialog, 'link', 'How we handle your data') as HTMLAnchorElement
    expect(new URL(privacy.href).pathname).toBe('/privacy')
    expect(privacy.target).toBe('_blank')

    store.setState({ secondsLeft: 59 })
    await waitFor(() => expect(getByRole(dialog, 'timer').textContent).toBe('0:59'))
  })

  it('says the minute announcements in a polite live region', async () => {
    const { dialog, store } = await openCall()
    const live = dialog.querySelector('[aria-live="polite"]:not([role])') as HTMLElement
    expect(live.textContent).toBe('')
    store.setState({ announcement: '4 minutes left' })
    await waitFor(() => expect(live.textContent).toBe('4 minutes left'))
  })

  it('toggles mute and camera, whose buttons say what they will do next', async () => {
    const { dialog, store } = await openCall()
    getByRole(dialog, 'button', 'Mute').click()
    await waitFor(() => getByRole(dialog, 'button', 'Unmute'))
    getByRole(dialog, 'button', 'Stop camera').click()
    await waitFor(() => getByRole(dialog, 'button', 'Start camera'))
    expect(store.getState()).toMatchObject({ muted: true, cameraOn: false })
  })

  it("'End call' ends the call and closes", async () => {
    const { dialog } = await openCall()
    getByRole(dialog, 'button', 'End call').click()
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false))
    expect(ended).toEqual(['c-1'])
    await waitFor(() =>
      expect(pageToast.getState().toast).toMatchObject({ owner: host, title: 'Call Ended' }),
    )
    expect(dialog.querySelector('iframe')).toBeNull()
  })

  it('asks before Escape ends the call; keeping on talking goes back to the controls', async () => {
    const { dialog } = await openCall()
    pressEscape(dialog)
    await waitFor(() => expect(dialog.textContent).toContain('End the video call? It cannot be resumed.'))
    expect((dialog as HTMLDialogElement).open).toBe(true)
    expect(queryAllByRole(dialog, 'button', 'Mute')).toEqual([])
    // The focus moves to 'Keep talking', which loses nothing: an Enter out of habit keeps the call. It
    // moves once the question is drawn, in a later task on a busy machine: waited for, not assumed.
    const keep = getByRole(dialog, 'button', 'Keep talking')
    await waitFor(() => expect(root.activeElement).toBe(keep))
    const endCall = getByRole(dialog, 'button', 'End call')
    for (const choice of [keep, endCall]) {
      expect(root.getElementById(String(choice.getAttribute('aria-describedby')))?.textContent).toBe(
        'End the video call? It cannot be resumed.',
      )
    }

    keep.click()
    await waitFor(() => expect(root.activeElement).toBe(getByRole(dialog, 'button', 'Mute')))
    expect(ended).toEqual([])

    pressEscape(dialog)
    await waitFor(() => getByRole(dialog, 'button', 'Keep talking'))
    getByRole(dialog, 'button', 'End call').click()
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false))
    expect(ended).toEqual(['c-1'])
  })

  it('ends the call when the browser closes the dialog itself (a second Escape it will not let us hold)', async () => {
    const { dialog, store } = await openCall()
    ;(dialog as HTMLDialogElement).close()
    await waitFor(() => expect(store.getState().status).toBe('idle'))
    expect(ended).toEqual(['c-1'])
  })

  it("opened with no conversation page, says 'Failed to load conversation' and offers Close", async () => {
    const { dialog } = await openCall({ conversationUrl: '' })
    expect(dialog.textContent).toContain('Failed to load conversation')
    expect(dialog.querySelector('iframe')).toBeNull()
    expect(queryAllByRole(dialog, 'timer')).toEqual([])
    const close = getByRole(dialog, 'button', 'Close')
    await waitFor(() => expect(root.activeElement).toBe(close))
    close.click()
    await waitFor(() => expect((dialog as HTMLDialogElement).open).toBe(false))
    expect(ended).toEqual(['c-1'])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(pageToast.getState().toast).toBeNull()
  })
})
