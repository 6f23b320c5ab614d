type PostMessage = (...args: unknown[]) => void

/**
 * daily-js 0.87 and Daily's call machine post their messages to `window.location.origin`. In an
 * `about:srcdoc` frame (how some site builders embed custom code) that is "null", although the
 * document has its parent's origin (`self.origin`), so `postMessage` throws and a call never starts.
 * A target origin of "null" can never be right, so in such a document it is read as the document's
 * own origin; nothing else changes, and nothing at all elsewhere. Call before the SDK starts.
 */
export function fixSrcdocPostMessage(win: Window = window): void {
  if (win.location.origin !== 'null' || win.origin === 'null') return
  const post = win.postMessage as unknown as PostMessage & { srcdocFixed?: true }
  if (post.srcdocFixed) return
  const fixed = function (this: unknown, ...args: unknown[]) {
    // Arity matters: (message, targetOrigin, transfer) and (message, options) are different overloads.
    if (args[1] === 'null') args[1] = win.origin
    return post.apply(this, args)
  }
  win.postMessage = Object.assign(fixed, { srcdocFixed: true as const }) as unknown as Window['postMessage']
}
