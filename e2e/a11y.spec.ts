import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { E2E_SALES_TOOLS_SECRET } from './global-setup.ts'

/** WCAG 2.0, 2.1 and 2.2 at levels A and AA: what axe can check automatically. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const BLOCKING_IMPACTS = new Set(['serious', 'critical'])

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

const PAGES: { name: string; path: string; waitUntilReady: (page: Page) => Promise<void> }[] = [
  {
    name: 'the landing page',
    path: '/',
    waitUntilReady: async (page) => {
      await expect(page.getByRole('link', { name: 'Try Demo Experience' })).toBeVisible()
    },
  },
  {
    name: 'a prospect page',
    path: '/bright-smile-dental',
    waitUntilReady: async (page) => {
      await expect(page.getByRole('heading', { name: /^Hey Dr\. Maya Patel/ })).toBeVisible()
      // The widget's buttons live in its shadow root, which axe checks too.
      const demo = page.locator('voice-demo')
      await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeVisible()
      await expect(demo.getByRole('button', { name: 'Call Me' })).toBeVisible()
    },
  },
  {
    name: "a prospect page with the 'Call Me' dialog open and its country list showing",
    path: '/bright-smile-dental',
    waitUntilReady: async (page) => {
      const demo = page.locator('voice-demo')
      await demo.getByRole('button', { name: 'Call Me' }).click()
      const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
      await dialog.getByRole('combobox', { name: 'Country' }).click()
      await expect(dialog.getByRole('listbox')).toBeVisible()
    },
  },
  {
    name: 'a prospect page with the video call overlay open',
    path: '/bright-smile-dental',
    waitUntilReady: async (page) => {
      const widget = page.locator('voice-video-call')
      await widget.getByRole('button', { name: 'Start a video call' }).click()
      const dialog = widget.getByRole('dialog', { name: 'Video call with our AI support agent' })
      await expect(dialog.getByRole('timer', { name: 'Time left' })).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'End call' })).toBeVisible()
    },
  },
  {
    name: 'the snippet page with a prospect picked and the prospect list showing',
    path: '/_/snippets?slug=harbor-realty',
    waitUntilReady: async (page) => {
      const demo = page.locator('voice-demo')
      await expect(demo.getByRole('heading', { name: 'Built for Harbor Realty Group' })).toBeVisible()
      await page.getByLabel('Sales key').fill(E2E_SALES_TOOLS_SECRET)
      await page.getByRole('button', { name: 'Use key' }).click()
      await expect(page.getByRole('button', { name: /^Bright Smile Dental/ })).toBeVisible()
      // One disclosure open, so its text is checked too.
      await page.locator('summary', { hasText: 'WordPress' }).click()
      await expect(page.getByText(/add a Custom HTML block/)).toBeVisible()
    },
  },
  {
    name: 'the error page',
    path: '/Not_A_Slug',
    waitUntilReady: async (page) => {
      await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible()
    },
  },
]

/** One line per rule and one per offending element, so a failure reads without opening a report. */
function formatViolations(violations: readonly Violation[]): string {
  return violations
    .map((violation) => {
      const targets = violation.nodes.map(
        (node) => `    ${node.target.join(' >>> ')}\n      ${node.failureSummary ?? ''}`,
      )
      return `${violation.id} [${violation.impact}] ${violation.help} (${violation.helpUrl})\n${targets.join('\n')}`
    })
    .join('\n')
}

for (const theme of ['light', 'dark'] as const) {
  for (const { name, path, waitUntilReady } of PAGES) {
    test(`${name} has no serious or critical accessibility violations in the ${theme} theme`, async ({
      page,
    }) => {
      // Entrance animations fade content in; axe must judge contrast on the settled page, not mid-fade.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      if (theme === 'dark') await page.addInitScript(() => localStorage.setItem('theme', 'dark'))
      await page.goto(path)
      await waitUntilReady(page)
      // The check is only worth something if the theme under test is the one on screen.
      if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
      else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)

      const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()
      const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
      expect(blocking.length, `axe found on ${path} (${theme}):\n${formatViolations(blocking)}`).toBe(0)
    })
  }
}
