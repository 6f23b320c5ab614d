import { readFile } from 'node:fs/promises'
import type { CallMetadata } from '#core/engagement.ts'
import { expectConnected, expectDisconnected } from './call-helpers.ts'
import { E2E_VAPI_WEBHOOK_SECRET } from './fakes/engagement-env.ts'
import { serveFakeDaily } from './fakes/fake-daily.ts'
import { readVapiRequests } from './fakes/voice-platform.ts'
import { expect, test } from './fixtures.ts'
import { E2E_REP } from './global-setup.ts'
import { createProspectWithApi, signInWithApi } from './rep-product.ts'

/**
 * A rep's own try of an agent is the team's, never the prospect's: "Test in Browser" on the reps' page
 * of a prospect marks the call as the team's in its metadata, and the voice platform's report of it
 * (the fake platform's, posted to our webhook as the platform does) lands on the Timeline as "Your team
 * tried the agent", moving no stage and adding no talk time.
 */

test.use({
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
})

const REPORT_FIXTURE = new URL(
  '../server/src/webhooks/testing/end-of-call-report-web-call.json',
  import.meta.url,
)

test("a rep's test call from the reps' page is the team's: on the Timeline as such, the prospect still Sent", async ({
  page,
}, testInfo) => {
  test.slow() // sign in, a page, a call, the platform's report, the Timeline's refresh
  const slug = `team-try-${testInfo.project.name}-${Date.now().toString(36)}`
  const session = await signInWithApi(page.request, E2E_REP.email, E2E_REP.password)
  await createProspectWithApi(page.request, session, {
    slug,
    name: 'Dr. Nora Lake',
    company_name: 'Lakeside Dental',
    first_message: 'Thanks for calling Lakeside Dental, how can I help?',
    system: 'You are the receptionist of Lakeside Dental.',
  })
  await serveFakeDaily(page)
  await page.goto(`/_/prospects/${slug}`)
  const tryIt = page.getByRole('region', { name: 'Try this agent' })
  const demo = tryIt.locator('voice-demo')
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expectConnected(demo)
  await demo.getByRole('button', { name: 'Stop Call' }).click()
  await expectDisconnected(page, demo)

  // The call carried the team's mark to the voice platform.
  const metadataOf = (body: unknown) =>
    (body as { assistantOverrides?: { metadata?: CallMetadata } }).assistantOverrides?.metadata
  const webCall = (await readVapiRequests()).find(
    (request) => request.path === '/call/web' && metadataOf(request.body)?.prospectSlug === slug,
  )
  const metadata = metadataOf(webCall?.body ?? {})
  expect(metadata).toEqual({ prospectSlug: slug, visitId: null, source: 'browser', team: true })

  // The platform reports the call with that metadata.
  const report = JSON.parse(await readFile(REPORT_FIXTURE, 'utf8'))
  report.message.call.id = `e2e-team-${slug}`
  report.message.call.assistantOverrides.metadata = metadata
  report.message.durationSeconds = 125
  const posted = await page.request.post('/api/webhooks/vapi', {
    data: report,
    headers: { 'X-Vapi-Secret': E2E_VAPI_WEBHOOK_SECRET },
  })
  expect(posted.status()).toBe(200)

  const timeline = page.getByRole('region', { name: 'Timeline' })
  await expect(timeline).toContainText('Your team tried the agent · browser call · 2 min 5 s', {
    timeout: 60_000,
  })
  await expect(timeline.getByText('Sent', { exact: true })).toBeVisible()
  const activity = await page.request.get(`/api/reps/activity?q=${slug}`)
  expect((await activity.json()).prospects).toEqual([
    expect.objectContaining({ slug, stage: 'sent', hot: false, visits: 0, talkSeconds: 0 }),
  ])
})
