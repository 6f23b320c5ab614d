import { DEMO_TOOLS } from '#core/demo-actions.ts'
import type { CallMetadata } from '#core/engagement.ts'
import type { ProspectResponse } from '#core/prospect.ts'
import { expectConnected, expectDisconnected } from './call-helpers.ts'
import { readFakeDailyCalls, serveFakeDaily } from './fakes/fake-daily.ts'
import { readWebhookRequests } from './fakes/fake-video-webhook.ts'
import { E2E_VOICE, readVapiRequests } from './fakes/voice-platform.ts'
import { expect, test } from './fixtures.ts'

/**
 * One prospect, one agent, on every channel: the browser call (the widget, through the Vapi SDK) and
 * the phone call (our server) send the voice platform the same first message, prompt and values, with
 * recording off; the video call's persona is told the business and what its agent does. Against the
 * loopback fakes of the voice platform and the video webhook (global-setup).
 */

const SLUG = 'harbor-realty'

interface Overrides {
  firstMessage: string
  model: { provider: string; model: string; messages: { role: string; content: string }[] }
  variableValues: Record<string, string>
  metadata: CallMetadata
  artifactPlan: Record<string, boolean>
}
const overridesOf = (body: unknown) => (body as { assistantOverrides: Overrides }).assistantOverrides

test('the browser call and the phone call of a prospect send the same agent, recording off; the video persona knows the business', async ({
  page,
  pageErrors,
}, testInfo) => {
  await serveFakeDaily(page)
  await page.goto(`/${SLUG}`)
  const { prospect } = (await (await page.request.get(`/api/prospects/${SLUG}`)).json()) as ProspectResponse
  const demo = page.locator('voice-demo')

  // Test in Browser.
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expectConnected(demo)
  await demo.getByRole('button', { name: 'Stop Call' }).click()
  await expectDisconnected(page, demo)
  // The room this tab joined tells its web call from the other project's, run in parallel on the same fake.
  const room = (await readFakeDailyCalls(page)).at(-1)?.url
  const webCall = (await readVapiRequests()).find(
    (request) => (request.answer?.body as { webCallUrl?: string } | undefined)?.webCallUrl === room,
  )

  // Call Me, to a number of this test's own (the fake is shared by parallel tests).
  const e164 = testInfo.project.name === 'phone' ? '+442079460958' : '+442079460959'
  await demo.getByRole('button', { name: 'Call Me' }).click()
  const dialog = demo.getByRole('dialog', { name: 'Get a Call from Our AI Assistant' })
  await dialog.getByRole('combobox', { name: 'Country' }).click()
  await dialog.getByRole('option', { name: 'United Kingdom (+44)' }).click()
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill(`020 7946 095${e164.slice(-1)}`)
  await dialog.getByRole('button', { name: 'Call Me' }).click()
  await expect(dialog).toBeHidden()
  const phoneCall = (await readVapiRequests()).find(
    (request) =>
      request.path === '/call' &&
      (request.body as { customer?: { number?: string } }).customer?.number === e164,
  )

  // The video call.
  const video = page.locator('voice-video-call')
  await video.getByRole('button', { name: 'Start a video call' }).click()
  await expect(video.getByRole('dialog')).toBeVisible()
  const persona = (await readWebhookRequests())
    .map((body) => body as { conversation_name: string; conversational_context: string })
    .find((body) => body.conversation_name.includes(prospect.companyName))
  await video.getByRole('button', { name: 'End call' }).click()

  await testInfo.attach('calls.json', {
    body: JSON.stringify({ web: webCall?.body, phone: phoneCall?.body, video: persona }, null, 2),
    contentType: 'application/json',
  })
  const web = overridesOf(webCall?.body)
  const phone = overridesOf(phoneCall?.body)
  // The agent the page serves is the template's, rendered: nothing left of a placeholder.
  expect(prospect.firstMessage).toMatch(/^Hi, thanks for calling Harbor Realty Group!/)
  expect(`${prospect.firstMessage}\n${prospect.system}`).not.toMatch(/\{\{|\{%|undefined/)
  for (const overrides of [web, phone]) {
    expect(overrides.firstMessage).toBe(prospect.firstMessage)
    expect(overrides.model).toEqual({
      ...E2E_VOICE.model,
      messages: [{ role: 'system', content: prospect.system }],
      // Every channel carries the demo's tools.
      tools: DEMO_TOOLS,
    })
    expect(overrides.variableValues).toEqual(prospect.variables)
    expect(overrides.artifactPlan).toEqual({
      recordingEnabled: false,
      videoRecordingEnabled: false,
      pcapEnabled: false,
    })
  }
  expect([web.metadata.source, phone.metadata.source]).toEqual(['browser', 'phone'])
  // The video persona is told whose page it is and what the agent built for them does.
  expect(persona?.conversational_context).toContain('James Carter of Harbor Realty Group')
  expect(persona?.conversational_context).toMatch(/That agent answers .+; if they ask what it would do/)
  expect(pageErrors).toEqual([])
})
