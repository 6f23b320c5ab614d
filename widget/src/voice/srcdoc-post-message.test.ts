import { describe, expect, it, vi } from 'vitest'
import { fixSrcdocPostMessage } from './srcdoc-post-message.ts'

/** A window as far as the fix looks at it: its location's origin, its own origin, its postMessage. */
function fakeWindow(locationOrigin: string, origin: string) {
  const post = vi.fn()
  const win = { location: { origin: locationOrigin }, origin, postMessage: post }
  return { win: win as unknown as Window, post }
}

describe('fixSrcdocPostMessage', () => {
  it('in a srcdoc frame, posts what was addressed to "null" to the document’s real origin', () => {
    const { win, post } = fakeWindow('null', 'https://partner.example')
    fixSrcdocPostMessage(win)
    win.postMessage({ action: 'x' }, 'null')
    expect(post).toHaveBeenLastCalledWith({ action: 'x' }, 'https://partner.example')
  })

  it('leaves every other call exactly as it was, the options overload included', () => {
    const { win, post } = fakeWindow('null', 'https://partner.example')
    fixSrcdocPostMessage(win)
    win.postMessage('a', 'https://other.example')
    win.postMessage('b', { targetOrigin: '*' })
    expect(post.mock.calls).toEqual([
      ['a', 'https://other.example'],
      ['b', { targetOrigin: '*' }],
    ])
  })

  it('changes nothing in an ordinary document or an opaque-origin frame, and wraps only once', () => {
    const ordinary = fakeWindow('https://partner.example', 'https://partner.example')
    fixSrcdocPostMessage(ordinary.win)
    expect(ordinary.win.postMessage).toBe(ordinary.post)

    const sandboxed = fakeWindow('null', 'null')
    fixSrcdocPostMessage(sandboxed.win)
    expect(sandboxed.win.postMessage).toBe(sandboxed.post)

    const srcdoc = fakeWindow('null', 'https://partner.example')
    fixSrcdocPostMessage(srcdoc.win)
    const wrapped = srcdoc.win.postMessage
    fixSrcdocPostMessage(srcdoc.win)
    expect(srcdoc.win.postMessage).toBe(wrapped)
  })
})
