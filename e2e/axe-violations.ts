import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'

/** The WCAG levels the product answers to: 2.0, 2.1 and 2.2, A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']

/**
 * What axe finds on the page (or only `within` it) at those levels, one line per rule with the
 * elements it names, so a failing expectation says what to mend: expect it to equal [].
 */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  const axe = new AxeBuilder({ page }).withTags(WCAG_TAGS)
  if (within) axe.include(within)
  const { violations } = await axe.analyze()
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}
