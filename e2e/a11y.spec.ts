import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { WCAG_TAGS } from './axe-violations.ts'
import { sendTranscript, serveFakeDaily } from './fakes/fake-daily.ts'
import { expect, test } from './fixtures.ts'
import { E2E_ADMIN, E2E_REP } from './global-setup.ts'

const BLOCKING_IMPACTS = new Set(['serious', 'critical'])

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

interface CheckedPage {
  name: string
  path: string
  /** The product without voice or video settings, instead of the configured one. */
  unconfigured?: boolean
  /**
   * Laid out differently on a phone (a bottom sheet, a full-screen overlay, the phone's header), so
   * checked at the phone's width too; the others show the same elements at any width.
   */
  phoneLayout?: boolean
  /**
   * A state of one of the widget's elements on a page checked whole in another entry: only that
   * element is checked (its shadow root included), as the rest of the page is the same as there.
   */
  within?: 'voice-demo' | 'voice-video-call'
  waitUntilReady: (page: Page) => Promise<void>
}

const PAGES: CheckedPage[] = [
  {
    name: 'the landing page',
    phoneLayout: true,
    path: '/',
    waitUntilReady: async (page) => {
      await expect(page.getByRole('link', { name: 'Try Demo Experience' })).toBeVisible()
    },
  },
  {
    name: 'a prospect page',
    phoneLayout: true,
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
    within: 'voice-demo',
    phoneLayout: true,
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
    name: "a prospect page with the 'Call Me' dialog showing a refusal",
    within: 'voice-demo',
    path: '/bright-smile-dental',
    waitUntilReady: async (page) => {
      const demo = page.locator('voice-demo')
      await demo.getByRole('button', { name: 'Call Me' }).click()
      const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
      await dialog.getByRole('textbox', { name: 'Phone number' }).fill('12')
      await dialog.getByRole('button', { name: 'Call Me' }).click()
      await expect(dialog.getByRole('alert')).toContainText('Invalid Phone Number')
    },
  },
  {
    name: 'a prospect page during a browser call, with captions and a toast',
    within: 'voice-demo',
    path: '/bright-smile-dental',
    waitUntilReady: async (page) => {
      await serveFakeDaily(page)
      const demo = page.locator('voice-demo')
      await demo.getByRole('button', { name: 'Test in Browser' }).click()
      await expect(demo.getByRole('status').filter({ hasText: 'Voice Assistant Connected' })).toBeVisible()
      await sendTranscript(page, { role: 'assistant', transcriptType: 'final', transcript: 'Hello!' })
      await sendTranscript(page, { role: 'user', transcriptType: 'partial', transcript: 'Hi, I' })
      await expect(demo.getByRole('log', { name: 'Captions' })).toContainText('You: Hi, I')
    },
  },
  {
    name: 'a partner page where nothing is configured (demos shown as unavailable)',
    path: '/embed-demo/neutral.html',
    unconfigured: true,
    waitUntilReady: async (page) => {
      const demo = page.locator('voice-demo')
      // This page declares no color-scheme, so the widget is light whatever the system says; the
      // partner opts in to the visitor's setting, so that both themes are checked here.
      await demo.evaluate((element) => element.setAttribute('theme', 'system'))
      await expect(demo.getByRole('button', { name: 'Call Me' })).toHaveAttribute('aria-disabled', 'true')
    },
  },
  {
    name: 'a prospect page with the video call overlay open',
    within: 'voice-video-call',
    phoneLayout: true,
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
    name: "the reps' sign-in page with a refusal showing",
    path: '/_/sign-in',
    waitUntilReady: async (page) => {
      await page.getByLabel('Email').fill(E2E_REP.email)
      await page.getByLabel('Password', { exact: true }).fill('not the password at all')
      await page.getByRole('button', { name: 'Sign in' }).click()
      await expect(page.getByRole('alert')).toHaveText('That email and password do not match.')
    },
  },
  {
    name: "the reps' prospect list",
    // Fewer columns, and a sort select instead of the column headers' buttons.
    phoneLayout: true,
    path: '/_/prospects?owner=all',
    waitUntilReady: async (page) => {
      await signInAsRep(page)
      await expect(page.getByRole('link', { name: 'Bright Smile Dental' })).toBeVisible()
      await expect(page.getByRole('combobox', { name: 'Owner' })).toContainText(E2E_REP.email)
    },
  },
  {
    name: "the reps' activity list, the Hot rule under it",
    // Stacked rows and fewer columns on a phone.
    phoneLayout: true,
    path: '/_/activity?owner=all',
    waitUntilReady: async (page) => {
      await signInAsRep(page)
      await expect(page.getByRole('link', { name: 'Bright Smile Dental' })).toBeVisible()
      await expect(page.getByText('Updated just now.')).toBeVisible()
    },
  },
  {
    name: "the reps' new-prospect form with a field error and the preview",
    path: '/_/prospects/new',
    waitUntilReady: async (page) => {
      await signInAsRep(page)
      await page.getByLabel('Company name').fill('Acme Dental')
      await page.getByLabel('Slug').fill('Acme Dental')
      await expect(
        page.getByText(/^Slug must be lowercase letters, digits or dashes, not "Acme Dental"/),
      ).toBeVisible()
      const preview = page.getByRole('region', { name: 'Preview' }).locator('voice-demo')
      await expect(preview.getByRole('heading', { name: 'Built for Acme Dental' })).toBeVisible()
    },
  },
  {
    name: "a prospect's page for reps, one disclosure open",
    path: '/_/prospects/harbor-realty',
    waitUntilReady: async (page) => {
      await signInAsRep(page)
      const demo = page.getByRole('region', { name: 'Try this agent' }).locator('voice-demo')
      await expect(demo.getByRole('heading', { name: 'Built for Harbor Realty Group' })).toBeVisible()
      // One disclosure open, so its text is checked too.
      await page.locator('summary', { hasText: 'WordPress' }).click()
      await expect(page.getByText(/add a Voice demo block/)).toBeVisible()
    },
  },
  {
    name: "the reps' CSV import with a row's problem showing",
    path: '/_/prospects/import',
    waitUntilReady: async (page) => {
      await signInAsRep(page)
      await page.getByLabel('CSV file').setInputFiles({
        name: 'leads.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(
          'slug,name,company_name,first_message,system\r\nNot A Slug,Kim,Kim Co,Hi,Be kind\r\n',
        ),
      })
      await page.getByRole('button', { name: 'Import', exact: true }).click()
      await expect(page.getByRole('region', { name: 'Problems' })).toContainText('not "Not A Slug"')
    },
  },
  {
    name: "the reps' team page, with a field error and one person's actions and history open",
    // The table's columns go under each person's email on a phone.
    phoneLayout: true,
    path: '/_/team',
    waitUntilReady: async (page) => {
      await signInAsAdmin(page)
      // An invitation without an email: refused with the field's error, and nobody added.
      await page.getByRole('button', { name: 'Invite', exact: true }).click()
      await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true')
      await page.getByRole('button', { name: `Manage ${E2E_REP.email}` }).click()
      const history = page.getByRole('region', { name: `History of ${E2E_REP.email}` })
      await expect(history.getByRole('listitem').first()).toBeVisible()
      await expect(page.getByRole('button', { name: 'Reset password' })).toBeVisible()
    },
  },
  {
    name: "the reps' team page with a confirmation open (disabling someone, not confirmed)",
    path: '/_/team',
    waitUntilReady: async (page) => {
      await signInAsAdmin(page)
      await page.getByRole('button', { name: `Manage ${E2E_REP.email}` }).click()
      await page.getByRole('button', { name: 'Disable', exact: true }).click()
      const dialog = page.getByRole('dialog', { name: `Disable ${E2E_REP.email}?` })
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    },
  },
  {
    name: 'the not-found page',
    path: '/a/b',
    waitUntilReady: async (page) => {
      await expect(page.getByRole('heading', { name: 'Error' })).toBeVisible()
    },
  },
  {
    name: 'the privacy page',
    path: '/privacy',
    waitUntilReady: async (page) => {
      await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible()
    },
  },
]

/** The reps' pages send a signed-out visitor to sign in first, and back once signed in. */
async function signInAsRep(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/_\/sign-in\?next=/)
  await page.getByLabel('Email').fill(E2E_REP.email)
  await page.getByLabel('Password', { exact: true }).fill(E2E_REP.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).not.toHaveURL(/\/_\/sign-in/)
}

/** The team page is for admins: the same sign-in, as the main product's admin. */
async function signInAsAdmin(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/_\/sign-in\?next=/)
  await page.getByLabel('Email').fill(E2E_ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).not.toHaveURL(/\/_\/sign-in/)
}

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

for (const { name, path, unconfigured, phoneLayout, within, waitUntilReady } of PAGES) {
  test(`${name} has no serious or critical accessibility violations, light or dark`, async ({
    page,
    noVoiceBaseURL,
    isMobile,
  }) => {
    test.skip(isMobile && !phoneLayout, 'the same elements at any width: the desktop project checks them')
    // Entrance animations fade content in; axe must judge contrast on the settled page, not mid-fade.
    await page.emulateMedia({ reducedMotion: 'reduce', colorScheme: 'light' })
    // The site follows the system's theme, as a partner page's widget does, so one page in its state
    // is checked in both themes by switching the system's, live (the state need not be set up twice).
    await page.addInitScript(() => localStorage.setItem('theme', 'system'))
    await page.goto(unconfigured ? `${noVoiceBaseURL}${path}` : path)
    await waitUntilReady(page)
    const found: string[] = []
    for (const theme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: theme })
      // The check is only worth something if the theme under test is the one on screen.
      if (!path.startsWith('/embed-demo/')) {
        if (theme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/)
        else await expect(page.locator('html')).not.toHaveClass(/\bdark\b/)
      }
      const panel = page.locator('voice-demo').getByRole('region', { name: 'AI voice agent demo' })
      if ((await panel.count()) > 0)
        await expect(panel).toHaveCSS(
          'background-color',
          theme === 'dark' ? 'rgb(15, 23, 42)' : 'rgb(255, 255, 255)',
        )

      const axe = new AxeBuilder({ page })
      if (within) axe.include(within)
      const results = await axe
        .withTags(WCAG_TAGS)
        // axe would fetch every stylesheet again itself (Calendly's included), which the page's
        // policy rightly refuses: the page has already parsed them, so their rules are there to read.
        .options({ preload: false })
        .analyze()
      const blocking = results.violations.filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
      if (blocking.length > 0) found.push(`axe found on ${path} (${theme}):\n${formatViolations(blocking)}`)
    }
    expect(found, found.join('\n')).toEqual([])
  })
}
