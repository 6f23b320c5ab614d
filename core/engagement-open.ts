/**
 * The open rule's clock (browser only): a page counts as opened once it has been visible for a while
 * in all, added up across the times it was hidden and shown again. A link scanner or a preview bot
 * that runs the page in a hidden tab, or a tab opened in the background and closed unread, never
 * gets there.
 */

/**
 * Calls `then` once `document` has been visible for `ms` in all, counting only visible time. Returns
 * the function that stops waiting.
 */
export function afterVisibleFor(ms: number, then: () => void, doc: Document = document): () => void {
  let left = ms
  let visibleSince = 0
  let timer: ReturnType<typeof setTimeout> | undefined

  const stop = () => {
    clearTimeout(timer)
    timer = undefined
    doc.removeEventListener('visibilitychange', update)
  }
  function update(): void {
    if (doc.visibilityState === 'visible') {
      if (timer !== undefined) return
      visibleSince = Date.now()
      timer = setTimeout(() => {
        stop()
        then()
      }, left)
    } else if (timer !== undefined) {
      clearTimeout(timer)
      timer = undefined
      left = Math.max(0, left - (Date.now() - visibleSince))
    }
  }

  doc.addEventListener('visibilitychange', update)
  update()
  return stop
}
