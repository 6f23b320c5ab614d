import type { Locator, Page } from '@playwright/test'
import type { Prospect } from '#core/prospect.ts'
import { blobWorkers } from './call-helpers.ts'
import {
  endCallFromAssistant,
  type FakeDailyCall,
  readFakeDailyCalls,
  serveFakeDaily,
  speakFromAssistant,
} from './fakes/fake-daily.ts'
import { E2E_VOICE, readVapiRequests } from './fakes/voice-platform.ts'
import { expect, test } from './fixtures.ts'
import { countMeterPixels, expectMeterToMove, METER_COLORS } from './level-meter.ts'
import { readHostEvents, recordHostEvents } from './record-host-events.ts'

/**
 * Whole browser voice calls in Chromium (fake microphone): the real widget, Vapi SDK and daily-js,
 * against a loopback fake of Vapi's API (global-setup) and a fake of Daily's call machine served at
 * Daily's CDN URL (fakes/daily-call-machine.js).
 */

const SLUG = 'bright-smile-dental'
const PAGES = [
  { name: 'the prospect page (site)', path: `/${SLUG}` },
  { name: 'a partner page (embed snippet)', path: '/embed-demo/' },
]

/** A live call as the visitor sees it: the button and the widget's toast. */
async function expectConnected(demo: Locator): Promise<void> {
  await expect(demo.getByRole('button', { name: 'Stop Call' })).toBeEnabled()
  await expect(demo.getByRole('status').filter({ hasText: 'Voice Assistant Connected' })).toContainText(
    'You can now speak with your AI assistant',
  )
}

/** An ended call: its toast, the buttons back, and no <audio> left in the page. */
async function expectDisconnected(page: Page, demo: Locator): Promise<void> {
  await expect(demo.getByRole('status').filter({ hasText: 'Voice Assistant Disconnected' })).toContainText(
    'Voice conversation has ended',
  )
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
  await expect(demo.getByRole('button', { name: 'Call Me' })).toBeVisible()
  // The SDK's <audio> for the assistant is gone with the call.
  await expect(page.locator('audio')).toHaveCount(0)
}

/** The page's latest Daily call object, as the fake call machine saw it. */
async function fakeCall(page: Page): Promise<FakeDailyCall> {
  const call = (await readFakeDailyCalls(page)).at(-1)
  if (!call) throw new Error('the fake call machine served no call')
  return call
}

/** The `POST /call/web` that created the room this page joined (other tests share the fake API). */
async function webCallRequestFor(room: string | null) {
  const requests = await readVapiRequests()
  const matching = requests.filter(
    (request) => (request.answer?.body as { webCallUrl?: string } | undefined)?.webCallUrl === room,
  )
  expect(matching).toHaveLength(1)
  return matching[0]
}

/** What the widget or the SDK said went wrong, on the console: nothing, in a good call. */
function watchConsoleProblems(page: Page): string[] {
  const problems: string[] = []
  page.on('console', (message) => {
    const text = message.text()
    const ours = /^\[(voice-demo|vapi)\]/i.test(text)
    if (ours && (message.type() === 'error' || message.type() === 'warning')) problems.push(text)
  })
  return problems
}

async function openDemo(page: Page, path: string, options: { until?: Promise<void> } = {}) {
  await serveFakeDaily(page, options)
  await recordHostEvents(page)
  await page.goto(path)
  const demo = page.locator('voice-demo')
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
  return demo
}

for (const { name, path } of PAGES) {
  test(`${name}: a browser call connects, the assistant speaks, mute works, Stop Call ends it`, async ({
    page,
    pageErrors,
  }) => {
    const consoleProblems = watchConsoleProblems(page)
    let releaseDaily = () => {}
    const demo = await openDemo(page, path, { until: new Promise((resolve) => (releaseDaily = resolve)) })

    await demo.getByRole('button', { name: 'Test in Browser' }).click()
    // Daily's call machine is still on its way: the visitor sees the call connecting.
    await expect(demo.getByRole('button', { name: 'Connecting...' })).toBeDisabled()
    releaseDaily()
    await expectConnected(demo)

    // The SDK subscribed to the assistant's track and plays it in an <audio>; the first message makes
    // the agent speak, then 1 s of silence ends its speech.
    const audio = page.locator('audio')
    await expect(audio).toHaveCount(1)
    expect(
      await audio.evaluate((player: HTMLAudioElement) => {
        const track = (player.srcObject as MediaStream | null)?.getAudioTracks()[0]
        return { paused: player.paused, track: track?.readyState }
      }),
    ).toEqual({ paused: false, track: 'live' })
    await expect.poll(() => readHostEvents(page)).toEqual(['call-start', 'speech-start', 'speech-end'])

    // The level meter runs in its worker (a blob: worker the page lists) and its bars move. Once the
    // agent is silent, the visitor's microphone (Chromium's fake beep) alone drives them: violet bars.
    const meter = demo.locator('canvas')
    await expect(meter).toHaveAttribute('data-mode', 'worker')
    expect(page.workers().some((worker) => worker.url().startsWith('blob:'))).toBe(true)
    await expectMeterToMove(meter)
    await expect.poll(() => countMeterPixels(meter, METER_COLORS.microphone)).toBeGreaterThan(20)

    // Vapi's API was asked for a web call with the public key, the assistant and the prospect's overrides.
    const call = await fakeCall(page)
    expect(call).toMatchObject({
      state: 'joined',
      subscribed: true,
      micEnabled: true,
      appMessages: ['playable'],
    })
    const prospect = (
      (await (await page.request.get(`/api/prospects/${SLUG}`)).json()) as { prospect: Prospect }
    ).prospect
    const request = await webCallRequestFor(call.url)
    expect(request?.headers.authorization).toBe(`Bearer ${E2E_VOICE.publicKey}`)
    expect(request?.body).toMatchObject({
      assistantId: prospect.assistantId ?? E2E_VOICE.assistantId,
      assistantOverrides: {
        firstMessage: prospect.firstMessage,
        model: { ...E2E_VOICE.model, messages: [{ role: 'system', content: prospect.system }] },
      },
    })

    // Mute turns the microphone track off in the call, and back on.
    await demo.getByRole('button', { name: 'Mute' }).click()
    await expect(demo.getByRole('button', { name: 'Unmute' })).toHaveAttribute('aria-pressed', 'true')
    await expect.poll(async () => (await fakeCall(page)).localAudio).toEqual([false])
    expect((await fakeCall(page)).micEnabled).toBe(false)
    await demo.getByRole('button', { name: 'Unmute' }).click()
    await expect.poll(async () => (await fakeCall(page)).localAudio).toEqual([false, true])

    await demo.getByRole('button', { name: 'Stop Call' }).click()
    await expectDisconnected(page, demo)
    expect(await readHostEvents(page)).toEqual(['call-start', 'speech-start', 'speech-end', 'call-end'])
    // No call, no meter: the canvas is gone and its worker terminated.
    await expect(meter).toHaveCount(0)
    await expect.poll(() => page.workers().filter((worker) => worker.url().startsWith('blob:'))).toEqual([])
    expect((await fakeCall(page)).state).toBe('left')
    expect(consoleProblems).toEqual([])
    expect(pageErrors).toEqual([])
  })
}

test('the assistant hanging up mid-sentence ends the call in the UI the same way', async ({
  page,
  pageErrors,
}) => {
  const consoleProblems = watchConsoleProblems(page)
  const demo = await openDemo(page, '/embed-demo/')
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expectConnected(demo)
  await expect(page.locator('audio')).toHaveCount(1)

  // Still talking when the server ends the call: the host page hears speech-end before call-end.
  await speakFromAssistant(page, 5000)
  await expect.poll(async () => (await readHostEvents(page)).at(-1)).toBe('speech-start')
  await endCallFromAssistant(page)
  await expectDisconnected(page, demo)
  await expect.poll(async () => (await readHostEvents(page)).slice(-2)).toEqual(['speech-end', 'call-end'])
  await expect.poll(async () => (await fakeCall(page)).state).toBe('left')
  // Nothing arrives late: the speech detector lives in the meter's worker, so once the worker is gone
  // no silence it was still timing can end in a second speech-end.
  const ended = await readHostEvents(page)
  await expect.poll(() => blobWorkers(page)).toEqual([])
  expect(await readHostEvents(page)).toEqual(ended)
  expect(ended.filter((event) => event === 'call-end')).toHaveLength(1)
  expect(consoleProblems).toEqual([])
  expect(pageErrors).toEqual([])
})

test("where the page's CSP forbids blob: workers, the meter runs on the main thread and the call works", async ({
  page,
  pageErrors,
}) => {
  // The partner page as served, with a CSP that allows everything the call needs but workers.
  await page.route('**/embed-demo/', async (route) => {
    const html = await (await route.fetch()).text()
    const csp = `<meta http-equiv="Content-Security-Policy" content="worker-src 'none'" />`
    await route.fulfill({ contentType: 'text/html', body: html.replace('<head>', `<head>${csp}`) })
  })
  const demo = await openDemo(page, '/embed-demo/')
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expectConnected(demo)
  const meter = demo.locator('canvas')
  await expect(meter).toHaveAttribute('data-mode', 'main-thread')
  await expectMeterToMove(meter)
  await expect.poll(() => readHostEvents(page)).toEqual(['call-start', 'speech-start', 'speech-end'])
  await demo.getByRole('button', { name: 'Stop Call' }).click()
  await expectDisconnected(page, demo)
  expect(pageErrors).toEqual([])
})

test('a second call after the first works, with the same voice client', async ({ page, pageErrors }) => {
  const consoleProblems = watchConsoleProblems(page)
  const configRequests: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/config') configRequests.push(request.url())
  })
  const demo = await openDemo(page, `/${SLUG}`)
  for (let round = 1; round <= 2; round++) {
    await demo.getByRole('button', { name: 'Test in Browser' }).click()
    await expectConnected(demo)
    await expect(page.locator('audio')).toHaveCount(1)
    await demo.getByRole('button', { name: 'Stop Call' }).click()
    await expectDisconnected(page, demo)
  }

  const calls = await readFakeDailyCalls(page)
  expect(calls.map((call) => call.state)).toEqual(['left', 'left'])
  expect(new Set(calls.map((call) => call.url)).size).toBe(2)
  for (const call of calls) await webCallRequestFor(call.url)
  // The voice settings were read once: the widget kept its one client (one Vapi instance) for both calls.
  expect(configRequests).toHaveLength(1)
  const events = await readHostEvents(page)
  expect(events.filter((event) => event === 'call-start')).toHaveLength(2)
  expect(events.filter((event) => event === 'call-end')).toHaveLength(2)
  expect(consoleProblems).toEqual([])
  expect(pageErrors).toEqual([])
})
