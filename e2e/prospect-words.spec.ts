import type { Locator, Page } from '@playwright/test'
import { serveFakeDaily } from './fakes/fake-daily.ts'
import { expect, test } from './fixtures.ts'
import { E2E_REP } from './global-setup.ts'
import { createProspectWithApi, signInWithApi } from './rep-product.ts'

/**
 * Prospects read words for prospects whatever the platforms answer: a refused key, a 5xx and no answer
 * at all, from the voice platform (a browser call and Call Me) and the video platform, on the
 * prospect's own page and on a partner's page. The fakes fail the calls of a prospect whose link says
 * how (`fail-401`, `fail-500`, `fail-timeout`), so these tests share them with the others.
 */

const FAILURES = ['401', '500', 'timeout'] as const
type Failure = (typeof FAILURES)[number]

/** What an operator reads, never a prospect: the platforms' own words and our settings. */
const OPERATOR_WORDS = /Invalid|\bkeys?\b|API|npm|operator|VAPI|Unauthorized|statusCode|^error$/im

const PARTNER = 'https://partner.test'
const partnerPage = (widgetOrigin: string, slug: string) => `<!doctype html>
<html lang="en"><meta charset="utf-8" /><title>Partner</title>
<script type="module" async src="${widgetOrigin}/widget.mjs"></script>
<main><h1>Our new receptionist</h1><voice-demo slug="${slug}"></voice-demo></main>
<voice-video-call slug="${slug}"></voice-video-call>
</html>`

test.describe.configure({ mode: 'parallel' })
// The words are the same at every width: the desktop project says it for both.
// biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
test.beforeEach(({}, testInfo) =>
  test.skip(testInfo.project.name === 'phone', 'the same words as on desktop'),
)

let prospects: Record<Failure, string>
test.beforeAll(async ({ playwright, baseURL }, testInfo) => {
  const request = await playwright.request.newContext(baseURL ? { baseURL } : {})
  const session = await signInWithApi(request, E2E_REP.email, E2E_REP.password)
  const run = `${testInfo.project.name}-${Date.now().toString(36)}-${testInfo.workerIndex}`
  prospects = {} as Record<Failure, string>
  for (const failure of FAILURES) {
    const slug = `words-fail-${failure}-${run}`
    const label = failure === 'timeout' ? 'Timeout' : failure
    await createProspectWithApi(request, session, {
      slug,
      name: 'Pat Doe',
      company_name: `Words Fail-${label} Dental`,
    })
    prospects[failure] = slug
  }
  await request.dispose()
})

async function open(
  page: Page,
  where: 'prospect' | 'partner',
  slug: string,
  baseURL: string,
): Promise<Locator> {
  if (where === 'prospect') {
    await page.goto(`/${slug}`)
  } else {
    await page.route(`${PARTNER}/`, (route) =>
      route.fulfill({ contentType: 'text/html', body: partnerPage(baseURL, slug) }),
    )
    await page.goto(`${PARTNER}/`)
  }
  const demo = page.locator('voice-demo')
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
  return demo
}

/** Everything the widget shows, in its shadow roots, as text. */
const widgetText = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('voice-demo, voice-video-call')]
      .map((host) => host.shadowRoot?.textContent ?? '')
      .join('\n'),
  )

for (const where of ['prospect', 'partner'] as const) {
  for (const failure of FAILURES) {
    test(`${where} page, the voice platform ${failure}: the browser call says so in the prospect's words`, async ({
      page,
      baseURL,
    }) => {
      await serveFakeDaily(page)
      // The platform's "no answer" as the browser meets it: the request gives up.
      if (failure === 'timeout') await page.route('**/call/web', (route) => route.abort('timedout'))
      const demo = await open(page, where, prospects[failure], baseURL as string)
      await demo.getByRole('button', { name: 'Test in Browser' }).click()
      const toast = demo.getByRole('alert').filter({ hasText: 'Connection Failed' })
      await expect(toast).toContainText('Failed to start voice assistant. Please try again.')
      await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
      expect(await widgetText(page)).not.toMatch(OPERATOR_WORDS)
    })

    test(`${where} page, the voice platform ${failure}: Call Me says so in the prospect's words`, async ({
      page,
      baseURL,
    }) => {
      if (failure === 'timeout') test.slow() // the server waits for the platform as long as it is told to
      const demo = await open(page, where, prospects[failure], baseURL as string)
      await demo.getByRole('button', { name: 'Call Me' }).click()
      const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
      await dialog.getByRole('textbox').fill('201 555 0123')
      await dialog.getByRole('button', { name: 'Call Me' }).click()
      const words =
        failure === 'timeout'
          ? 'The call service did not answer in time. If your phone does not ring within a minute, please try again.'
          : 'The call could not be placed. Please try again in a moment.'
      await expect(demo.getByText(words)).toBeVisible({ timeout: 30_000 })
      expect(await widgetText(page)).not.toMatch(OPERATOR_WORDS)
    })

    test(`${where} page, the video platform ${failure}: the video call says so in the prospect's words`, async ({
      page,
      baseURL,
    }) => {
      if (failure === 'timeout') test.slow()
      await open(page, where, prospects[failure], baseURL as string)
      const video = page.locator('voice-video-call')
      await video.getByRole('button', { name: 'Start a video call' }).click()
      await expect(page.getByText('Unable to start video call. Please try again.')).toBeVisible({
        timeout: 30_000,
      })
      expect(await widgetText(page)).not.toMatch(OPERATOR_WORDS)
    })
  }
}
