import { afterAll, beforeAll, expect, it } from 'vitest'
import { slackLink } from '#core/nudge-words.ts'
import { type FakeNotifyWebhook, startFakeNotifyWebhook } from '../testing/fake-notify-webhook.ts'
import {
  createNudgeTestApp,
  createTestNudgeSettings,
  postServerMessage,
  TEST_DRAIN_SECRET,
  webCallReport,
} from '../testing/nudge-test-app.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import { createTestClock, importAsCommandLine } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

let backend: TestBackend
let webhook: FakeNotifyWebhook
beforeAll(async () => {
  ;[backend, webhook] = await Promise.all([createTestBackend(), startFakeNotifyWebhook()])
})
afterAll(async () => {
  await webhook.close()
  await backend.db.close()
})

/** Posts the end-of-call report of a minute's call with the prospect, then drains the outbox. */
async function nudgeAbout(fields: { slug: string; name: string; company_name: string }): Promise<string[]> {
  await importAsCommandLine(backend.db, [makeProspectRow(fields)])
  const clock = createTestClock(new Date('2026-12-02T12:00:00Z'))
  const app = createNudgeTestApp(backend, createTestNudgeSettings({ webhookUrl: webhook.url, clock }))
  const report = await postServerMessage(
    app,
    webCallReport(`call-${fields.slug}`, { slug: fields.slug, seconds: 62 }),
  )
  expect(report.status).toBe(200)
  const drain = await app.request('/api/notifications/drain', {
    method: 'POST',
    headers: { Authorization: `Bearer ${TEST_DRAIN_SECRET}` },
  })
  expect(await drain.json()).toMatchObject({ sent: 1 })
  return webhook.delivered()
}

it('sends a prospect’s name and company as text: no ping, no disguised link, only our own link', async () => {
  const delivered = await nudgeAbout({
    slug: 'phish-co',
    name: '<!channel> <!here> <@U0001>',
    company_name: '<http://evil.example/phish|Click here…>',
  })
  const text = delivered.at(-1) ?? ''
  expect(text).toBe(
    '&lt;!channel&gt; &lt;!here&gt; &lt;@U0001&gt; (&lt;http://evil.example/phish|Click here…&gt;) ' +
      'talked to their agent for 1 min 2 s (no owner) <https://demo.example.com/_/prospects/phish-co|See their activity>',
  )
  expect(text).not.toContain('<!')
  expect(text).not.toContain('<@')
  expect(text).not.toContain('<http://evil')
  // Slack reads `<…>` as markup: the one left is the link we mean.
  expect(text.match(/<[^>]*>/g)).toEqual([
    '<https://demo.example.com/_/prospects/phish-co|See their activity>',
  ])
})

it('escapes an ampersand too, so an entity typed by a rep shows as typed', async () => {
  const delivered = await nudgeAbout({ slug: 'smith-sons', name: 'Ann &lt;3', company_name: 'Smith & Sons' })
  expect(delivered.at(-1)).toMatch(/^Ann &amp;lt;3 \(Smith &amp; Sons\) talked to their agent/)
})

it('builds our own link as markup with its address and label escaped, and a `|` that would end it encoded', () => {
  expect(slackLink('https://demo.example.com/_/prospects/a?x=1&y=<2>|3', 'See <it> & more')).toBe(
    '<https://demo.example.com/_/prospects/a?x=1&amp;y=&lt;2&gt;%7C3|See &lt;it&gt; &amp; more>',
  )
})
