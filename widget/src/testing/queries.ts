/**
 * Just enough of Testing Library's queries for the widget's shadow roots: elements by role and
 * accessible name, and waiting for an assertion to pass.
 */
const IMPLICIT_ROLES: Record<string, string> = {
  BUTTON: 'button',
  DIALOG: 'dialog',
  H1: 'heading',
  H2: 'heading',
  H3: 'heading',
  SECTION: 'region',
}

const roleOf = (element: Element) =>
  element.getAttribute('role') ??
  (element.tagName === 'A' && element.hasAttribute('href') ? 'link' : IMPLICIT_ROLES[element.tagName]) ??
  ''
const labelOf = (element: Element) => {
  const id = element.getAttribute('aria-labelledby')
  const root = element.getRootNode() as Document | ShadowRoot
  return id ? root.getElementById(id)?.textContent : element.getAttribute('aria-label')
}
const nameOf = (element: Element) =>
  (labelOf(element) ?? element.textContent ?? '').replace(/\s+/g, ' ').trim()
/** Hidden from the accessibility tree: aria-hidden, the hidden attribute or a closed dialog. */
const isHidden = (element: Element | null): boolean =>
  !!element &&
  (element.getAttribute('aria-hidden') === 'true' ||
    element.hasAttribute('hidden') ||
    (element.tagName === 'DIALOG' && !element.hasAttribute('open')) ||
    isHidden(element.parentElement))

export function queryAllByRole(root: ParentNode, role: string, name?: string | RegExp): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>('*')].filter((element) => {
    if (roleOf(element) !== role || isHidden(element)) return false
    if (name === undefined) return true
    return typeof name === 'string' ? nameOf(element) === name : name.test(nameOf(element))
  })
}

export function getByRole(root: ParentNode, role: string, name?: string | RegExp): HTMLElement {
  const found = queryAllByRole(root, role, name)
  if (found.length !== 1) {
    throw new Error(`expected one ${role} named ${String(name)}, found ${found.length}`)
  }
  return found[0] as HTMLElement
}

/**
 * Retries `assertion` until it passes or `timeoutMs` runs out, then throws its last error. The limit
 * is for a machine busy with other work, not for an idle one: a passing test waits no longer for it.
 */
export async function waitFor<T>(assertion: () => T, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      return assertion()
    } catch (error) {
      if (Date.now() > deadline) throw error
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }
}
