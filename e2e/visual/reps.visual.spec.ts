import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../activity-seed.ts'
import { hasHorizontalOverflow } from '../fixtures.ts'
import { ADMIN, createProspectWithApi, REP_EMAIL, signInWithApi } from '../rep-product.ts'
import { fixFunnel } from './funnel-answer.ts'
import { parkPointer, shotName, VARIANTS } from './visual-page.ts'

/**
 * The sales reps' pages, top to bottom, compared with their baselines at a phone's and a desktop's
 * width in the site's light and dark themes: sign-in, the activity list, the prospect list (and with
 * a page of it selected for a bulk action), the new-prospect form, a prospect's page and the team. A product of this spec's own, so nothing but the data below
 * is on it: the seed's two prospects with some activity (activity-seed.ts) and one the admin made.
 * One product for the file: its tests run in order in one worker.
 */
test.describe.configure({ mode: 'default' })
// Dates are shown in the browser's locale and time zone: the same on every machine.
test.use({ locale: 'en-US', timezoneId: 'UTC' })

/**
 * Every stamp the reps' API answers (created, updated, history) reads this time in the pictures, and
 * the page's own clock (the footer's year) says it too.
 */
const STAMP_TIME = '2026-03-02T14:05:00.000Z'
/** When the team page's unused links stop working, in the pictures: a day after the stamps. */
const LINK_TIME = '2026-03-03T14:05:00.000Z'

const NORTHWIND = {
  slug: 'northwind-dental',
  name: 'Dr. Ana Lima',
  company_name: 'Northwind Dental',
  template: 'dental',
  city: 'Portland',
}

test.beforeAll(async ({ repProduct, playwright }) => {
  const request = await playwright.request.newContext({ baseURL: repProduct.url })
  try {
    await createProspectWithApi(request, await signInWithApi(request, ADMIN.email, ADMIN.password), NORTHWIND)
  } finally {
    await request.dispose()
  }
})

/** The stamps are the server's clock: each answer of the reps' API is given one fixed time instead. */
async function fixStamps(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.startsWith('/api/reps/'),
    async (route) => {
      const response = await route.fetch()
      if (!(response.headers()['content-type'] ?? '').includes('application/json')) {
        return route.fulfill({ response })
      }
      // The activity's times too (`latestAt`, and `asOf`, which "3 min ago" counts from), and the
      // team's (the last sign-in, and when a link stops working).
      const body = (await response.text())
        .replace(/"(at|latestAt|asOf|lastSignedInAt)":"[^"]*"/g, `"$1":"${STAMP_TIME}"`)
        .replace(/"linkExpiresAt":"[^"]*"/g, `"linkExpiresAt":"${LINK_TIME}"`)
      await route.fulfill({ response, body })
    },
  )
}

/** The panel has its final look: the prospect's heading, and Call Me off (no phone settings here). */
async function expectPanelSettled(page: Page, region: string, company: string): Promise<void> {
  const demo = page.getByRole('region', { name: region }).locator('voice-demo')
  await expect(demo.getByRole('heading', { name: `Built for ${company}` })).toBeVisible()
  await expect(demo.getByRole('button', { name: 'Call Me' })).toHaveAttribute('aria-disabled', 'true')
}

interface RepsPage {
  name: string
  path: string
  signedIn: boolean
  ready: (page: Page) => Promise<void>
  /** What holds the server's free port (the page's own origin), covered in the picture. */
  mask?: (page: Page) => Locator[]
}

const PAGES: RepsPage[] = [
  {
    name: 'reps-sign-in',
    path: '/_/sign-in',
    signedIn: false,
    ready: (page: Page) => expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible(),
  },
  {
    name: 'reps-activity',
    path: '/_/activity?owner=all',
    signedIn: true,
    ready: async (page: Page) => {
      const companies = page.getByRole('table', { name: 'Prospects by latest activity' }).getByRole('link')
      await expect(companies).toHaveText(['Bright Smile Dental', 'Harbor Realty Group', 'Northwind Dental'])
      await expect(page.getByRole('combobox', { name: 'Owner' })).toContainText(ADMIN.email)
    },
  },
  {
    name: 'reps-list',
    path: '/_/prospects?owner=all',
    signedIn: true,
    ready: async (page: Page) => {
      const companies = page.getByRole('table', { name: 'Prospects' }).getByRole('link')
      await expect(companies).toHaveText(['Bright Smile Dental', 'Harbor Realty Group', 'Northwind Dental'])
      await expect(page.getByRole('combobox', { name: 'Owner' })).toContainText(ADMIN.email)
    },
  },
  {
    // The list with its page ticked: the bulk bar, its count and its actions.
    name: 'reps-bulk',
    path: '/_/prospects?owner=all',
    signedIn: true,
    ready: async (page: Page) => {
      const companies = page.getByRole('table', { name: 'Prospects' }).getByRole('link')
      await expect(companies).toHaveText(['Bright Smile Dental', 'Harbor Realty Group', 'Northwind Dental'])
      await page.getByRole('checkbox', { name: 'Select all on this page' }).check()
      const bar = page.getByRole('region', { name: 'Selected prospects' })
      await expect(bar).toContainText('3 prospects selected')
      await expect(bar.getByLabel('New owner')).toContainText(ADMIN.email)
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    },
  },
  {
    name: 'reps-form',
    path: '/_/prospects/new',
    signedIn: true,
    // A rep about to make Northwind Dental twice: the suggested slug is taken, and says so.
    ready: async (page: Page) => {
      await page.getByLabel('Company name').fill(NORTHWIND.company_name)
      await page.getByLabel('Contact name').fill('Dr. Ana Lima')
      await page.getByLabel('Kind of business').selectOption({ label: 'Dental practice' })
      await page.getByLabel('City').fill(NORTHWIND.city)
      await expect(page.getByLabel('Slug')).toHaveAccessibleDescription(
        /Another prospect already has this link\./,
      )
      await expectPanelSettled(page, 'Preview', NORTHWIND.company_name)
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    },
    // The slug's hint: the page's address.
    mask: (page: Page) => [page.getByText(/^The page's address: /)],
  },
  {
    name: 'reps-prospect',
    path: `/_/prospects/${NORTHWIND.slug}`,
    signedIn: true,
    ready: async (page: Page) => {
      await expect(page.getByRole('region', { name: 'History' }).getByRole('listitem')).toHaveText([
        `Created Mar 2, 2026, 2:05 PM by ${ADMIN.email}`,
      ])
      await expect(page.getByText('No activity yet. The link has not been opened.')).toBeVisible()
      await expectPanelSettled(page, 'Try this agent', NORTHWIND.company_name)
      await expect(page.getByTestId('email-subject')).toHaveText(
        'A voice agent for Northwind Dental, ready to try',
      )
      // The LinkedIn message names the server's random port, whose digits' widths can wrap it onto
      // another line: one fixed address, so the masked box is the same height in every run.
      await page.getByTestId('linkedin-message').evaluate((message) => {
        message.textContent = (message.textContent ?? '').replaceAll(
          window.location.origin,
          'http://127.0.0.1:40000',
        )
      })
    },
    // The link and the snippet name it, and so do the email's links and picture and the LinkedIn message
    // (its count with it); the journey specs check their text.
    mask: (page: Page) => [
      page.getByRole('region', { name: 'Send to Northwind Dental' }).locator('code'),
      page.getByTestId('email-preview').locator('a'),
      page.getByTestId('linkedin-message'),
      page.getByTestId('linkedin-count'),
    ],
  },
  {
    name: 'reps-team',
    path: '/_/team',
    signedIn: true,
    // The admin's team: themselves, and the rep the command line invited, whose actions and history
    // are open.
    ready: async (page: Page) => {
      const table = page.getByRole('table', { name: 'Team' })
      await expect(table.getByRole('button', { name: `Manage ${ADMIN.email}` })).toBeVisible()
      await page.getByRole('button', { name: `Manage ${REP_EMAIL}` }).click()
      await expect(
        page.getByRole('region', { name: `History of ${REP_EMAIL}` }).getByRole('listitem'),
      ).toHaveText(['Invited as a rep by the command line · Mar 2, 2026, 2:05 PM'])
      await expect(table).toContainText('Link works until Mar 3, 2026, 2:05 PM')
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    },
  },
]

for (const { name, path, signedIn, ready, mask } of PAGES) {
  for (const { theme, width } of VARIANTS) {
    test(`${name}, ${theme}, ${width} px, top to bottom`, async ({ page }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 })
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await page.addInitScript((choice) => localStorage.setItem('theme', choice), theme)
      await page.clock.setFixedTime(STAMP_TIME)
      await fixStamps(page)
      await fixFunnel(page)
      if (signedIn) await signInWithApi(page.request, ADMIN.email, ADMIN.password)
      await page.goto(path)
      await ready(page)
      await page.evaluate(() => document.fonts.ready)
      expect(await hasHorizontalOverflow(page), 'nothing is wider than the screen').toBe(false)
      // Typing scrolled the form: the picture starts at the top, where the sticky header belongs.
      await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
      await page.waitForFunction(() => window.scrollY === 0, undefined, { polling: 50 })
      await parkPointer(page)
      await expect(page).toHaveScreenshot(shotName(name, theme, width), {
        fullPage: true,
        mask: mask?.(page) ?? [],
      })
    })
  }
}
