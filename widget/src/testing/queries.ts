/**
 * Just enough of Testing Library's queries for the widget's shadow roots: elements by role and
 * accessible name, and waiting for an assertion to pass.
 */
const IMPLICIT_ROLES: Record<string, string> = {
  BUTTON: 'button',
  H1: 'heading',
  H2: 'heading',
  H3: 'heading',
  SECTION: 'region',
}

const roleOf = (element: Element) => element.getAttribute('role') ?? IMPLICIT_ROLES[element.tagName] ?? ''
const nameOf = (element: Element) =>
  (element.getAttribute('aria-label') ?? element.textContent ?? '').replace(/\s+/g, ' ').trim()
const isHidden = (element: Element | null): boolean =>
  !!element && (element.getAttribute('aria-hidden') === 'true' || isHidden(element.parentElement))

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

/** Retries `assertion` until it passes or `timeoutMs` runs out, then throws its last error. */
export async function waitFor<T>(assertion: () => T, timeoutMs = 1000): Promise<T> {
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
