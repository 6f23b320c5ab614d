import { render } from 'preact'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { dismissToast, pageToast, showToast } from './page-toast.ts'
import { ToastRegion } from './toast-region.tsx'
import { ToastSlot } from './toast-slot.tsx'
import { loadToasts } from './toasts.ts'

const NOTIFICATIONS = 'Notifications (F8)'
let hosts: HTMLElement[] = []

/** An element's shadow root, as the widget elements have, on the page. */
function shadowRoot(): ShadowRoot {
  const host = document.createElement('div')
  document.body.append(host)
  hosts.push(host)
  return host.attachShadow({ mode: 'open' })
}

/** The region of `owner` in a shadow root of its own, with its card once a toast shows. */
function mountRegion(owner: object, props: { active?: boolean } = {}) {
  const root = shadowRoot()
  render(<ToastRegion owner={owner} {...props} />, root)
  return root
}
/** The toast card in the region's polite live region; throws while there is none. */
function card(root: ShadowRoot): HTMLElement {
  const found = getByRole(root, 'status').firstElementChild
  if (!(found instanceof HTMLElement)) throw new Error('no toast card')
  return found
}
const pointer = (type: string, target: Element, clientX: number) =>
  target.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX, pointerId: 1 }))

afterEach(() => {
  for (const host of hosts) render(null, host.shadowRoot as ShadowRoot)
  for (const host of hosts) host.remove()
  hosts = []
  dismissToast()
  vi.useRealTimers()
})

describe("an element's toast region", () => {
  it("shows only its element's toast: title and text, a failure as an alert, the rest as a status", async () => {
    const panel = {}
    const videoButton = {}
    const panelRoot = mountRegion(panel)
    const buttonRoot = mountRegion(videoButton)

    showToast(panel, 'Call Initiated', 'Calling +15551234567...')
    const region = await waitFor(() => getByRole(panelRoot, 'region', NOTIFICATIONS))
    expect(getByRole(region, 'status').textContent).toBe('Call InitiatedCalling +15551234567...')
    expect(getByRole(region, 'alert').textContent).toBe('')
    expect(queryAllByRole(buttonRoot, 'region', NOTIFICATIONS)).toEqual([])

    showToast(videoButton, 'Connection Failed', 'Video calls are not available right now.', 'destructive')
    await waitFor(() =>
      expect(getByRole(buttonRoot, 'alert').textContent).toContain(
        'Video calls are not available right now.',
      ),
    )
    expect(getByRole(panelRoot, 'status').textContent).toBe('') // one toast per page
    expect(buttonRoot.adoptedStyleSheets).toHaveLength(1) // its styles came with the toast chunk
  })

  it('shows nothing while inactive: the modal dialog of its element shows the toast instead', async () => {
    const owner = {}
    const outside = mountRegion(owner, { active: false })
    const inDialog = shadowRoot()
    render(<ToastRegion owner={owner} inDialog />, inDialog)
    showToast(owner, 'Phone Number Required', 'Please enter a valid phone number', 'destructive')
    await waitFor(() => expect(getByRole(inDialog, 'alert').textContent).toContain('Phone Number Required'))
    expect(getByRole(outside, 'alert').textContent).toBe('')
  })

  it('is dismissed by its close button', async () => {
    const owner = {}
    const root = mountRegion(owner)
    showToast(owner, 'Call Ended', 'Your video call has ended.')
    const close = await waitFor(() => getByRole(root, 'button', 'Dismiss notification'))
    close.click()
    await waitFor(() => expect(getByRole(root, 'status').textContent).toBe(''))
    expect(pageToast.getState().toast).toBeNull()
  })

  it('takes the focus on F8, wherever the focus is, and keeps the toast while focused', async () => {
    vi.useFakeTimers()
    const owner = {}
    const root = mountRegion(owner)
    const elsewhere = document.createElement('button')
    document.body.append(elsewhere)
    elsewhere.focus()
    showToast(owner, 'Voice Assistant Connected', 'You can now speak with your AI assistant')
    await vi.advanceTimersByTimeAsync(100) // the card renders, the region registers for the hotkey

    elsewhere.dispatchEvent(new KeyboardEvent('keydown', { key: 'F8', bubbles: true, composed: true }))
    expect(root.activeElement).toBe(getByRole(root, 'region', NOTIFICATIONS))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(getByRole(root, 'status').textContent).toContain('Voice Assistant Connected')
    elsewhere.remove()
  })

  it('keeps the toast while the pointer is on it, and counts the 5000 ms again once it leaves', async () => {
    vi.useFakeTimers()
    const owner = {}
    const root = mountRegion(owner)
    await vi.advanceTimersByTimeAsync(100)
    showToast(owner, 'Call Ended', 'Your video call has ended.')
    await vi.advanceTimersByTimeAsync(0)

    card(root).dispatchEvent(new PointerEvent('pointerenter'))
    await vi.advanceTimersByTimeAsync(60_000)
    card(root).dispatchEvent(new PointerEvent('pointerleave'))
    await vi.advanceTimersByTimeAsync(4999)
    expect(getByRole(root, 'status').textContent).toContain('Call Ended')
    await vi.advanceTimersByTimeAsync(1)
    expect(getByRole(root, 'status').textContent).toBe('')
  })

  it('is dismissed by a swipe to the right of 50 px or more, and springs back from a shorter one', async () => {
    const owner = {}
    const root = mountRegion(owner)
    showToast(owner, 'Call Ended', 'Your video call has ended.')
    const toast = await waitFor(() => card(root))

    pointer('pointerdown', toast, 100)
    pointer('pointermove', toast, 149)
    await waitFor(() => expect(toast.style.transform).toBe('translateX(49px)'))
    pointer('pointerup', toast, 149)
    await waitFor(() => expect(toast.style.transform).toBe(''))
    expect(pageToast.getState().toast?.title).toBe('Call Ended')

    pointer('pointerdown', toast, 100)
    pointer('pointermove', toast, 150)
    await waitFor(() => expect(toast.style.transform).toBe('translateX(50px)'))
    pointer('pointerup', toast, 150)
    await waitFor(() => expect(getByRole(root, 'status').textContent).toBe(''))
    expect(pageToast.getState().toast).toBeNull()
  })
})

describe("an element's toast slot", () => {
  it('is empty until the toast chunk arrives, then holds the region, watched before the first toast', async () => {
    const root = shadowRoot()
    const owner = {}
    render(<ToastSlot owner={owner} />, root)
    expect(root.childNodes).toHaveLength(0)
    await loadToasts()
    await waitFor(() => expect(getByRole(root, 'status').textContent).toBe(''))
    expect(getByRole(root, 'alert').textContent).toBe('')
  })
})
