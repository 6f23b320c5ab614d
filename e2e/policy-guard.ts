import type { BrowserContext } from '@playwright/test'

/** A CSP violation or a policy error Chromium reported on one of our pages. */
export interface PolicyProblem {
  page: string
  problem: string
}

const BINDING = '__e2eReportPolicyProblem'
/** Chromium's console words for CSP violations and for Permissions-Policy errors and violations. */
const POLICY_MESSAGE = /content[- ]security[- ]policy|permissions[- ]policy/i

/**
 * Our own pages: the products' origins, except the embed demos, which stand in for partners' pages
 * (some specs give them a partner's strict policy on purpose, and count its violations themselves).
 */
export function isOurPage(url: string, origins: readonly string[]): boolean {
  try {
    const { origin, pathname } = new URL(url)
    return origins.includes(origin) && !pathname.startsWith('/embed-demo/')
  } catch {
    return false // about:blank, about:srcdoc
  }
}

/**
 * Collects, for every page and frame of `context`, each `securitypolicyviolation` event (also those
 * from shadow roots: the event is composed) and each console message about a CSP or a
 * Permissions-Policy, as long as it happened on one of our pages. The list fills while the test runs.
 */
export async function watchPolicyProblems(
  context: BrowserContext,
  origins: readonly string[],
): Promise<PolicyProblem[]> {
  const problems: PolicyProblem[] = []
  await context.exposeBinding(BINDING, ({ frame }, problem: string) => {
    if (isOurPage(frame.url(), origins)) problems.push({ page: frame.url(), problem })
  })
  await context.addInitScript((binding) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as Record<string, (problem: string) => void>)[binding]
      const where = event.sourceFile ? ` at ${event.sourceFile}:${event.lineNumber}` : ''
      report?.(`${event.effectiveDirective} refused ${event.blockedURI || 'an inline resource'}${where}`)
    })
  }, BINDING)
  context.on('console', (message) => {
    const page = message.page()?.url() ?? ''
    if (POLICY_MESSAGE.test(message.text()) && isOurPage(page, origins)) {
      problems.push({ page, problem: `console ${message.type()}: ${message.text()}` })
    }
  })
  return problems
}
