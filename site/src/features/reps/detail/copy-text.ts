/** How a copy ended: on the clipboard, or selected for the person to copy themselves. */
export type CopyOutcome = 'copied' | 'selected'

/**
 * Puts `text` on the clipboard. Where the browser refuses (no permission, an insecure origin, an
 * old browser), selects the shown text in `element` instead, so Ctrl+C / ⌘C is one key away.
 */
export async function copyText(text: string, element: HTMLElement | null): Promise<CopyOutcome> {
  try {
    if (!navigator.clipboard) throw new Error('No clipboard API')
    await navigator.clipboard.writeText(text)
    return 'copied'
  } catch {
    if (element) selectContents(element)
    return 'selected'
  }
}

function selectContents(element: HTMLElement): void {
  const selection = window.getSelection()
  if (!selection) return
  const range = document.createRange()
  range.selectNodeContents(element)
  selection.removeAllRanges()
  selection.addRange(range)
}

/**
 * Puts `html` and its plain `text` on the clipboard as one item, so a mail editor pastes the rich
 * version (a picture with its link) and a plain field the text. Where the browser refuses (no
 * permission, no ClipboardItem), selects the rendered message in `element` instead: Ctrl+C / ⌘C on
 * a selection copies it rich too.
 */
export async function copyRich(
  html: string,
  text: string,
  element: HTMLElement | null,
): Promise<CopyOutcome> {
  try {
    if (!navigator.clipboard?.write || typeof ClipboardItem === 'undefined')
      throw new Error('No rich clipboard')
    await navigator.clipboard.write([
      new ClipboardItem({
        'text/html': new Blob([html], { type: 'text/html' }),
        'text/plain': new Blob([text], { type: 'text/plain' }),
      }),
    ])
    return 'copied'
  } catch {
    if (element) selectContents(element)
    return 'selected'
  }
}
