import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'

/** Daily's CDN: daily-js adds a <script> for its call machine from here when a call joins. */
const DAILY_CDN = 'https://c.daily.co/**'
const CALL_MACHINE_BUNDLE = '/call-machine-object-bundle.js'
const FAKE_CALL_MACHINE = 'e2e/fakes/daily-call-machine.js'

/** What the fake call machine recorded about one Daily call object (see daily-call-machine.js). */
export interface FakeDailyCall {
  callClientId: string
  state: 'loaded' | 'joined' | 'left'
  /** The room daily-js joined: the `webCallUrl` Vapi's API answered. */
  url: string | null
  /** daily-js's requests to the call machine, in order. */
  actions: string[]
  /** What the SDK sent the assistant with `sendAppMessage`. */
  appMessages: unknown[]
  /** Every `setLocalAudio` state asked for. */
  localAudio: boolean[]
  micEnabled: boolean | null
  assistantPresent: boolean
  subscribed: boolean
}

interface FakeDailyGlobal {
  endCall(options?: { statusUpdate?: boolean }): void
  speak(ms: number): void
  send(message: unknown): void
  snapshot(): FakeDailyCall[]
}

/**
 * Serves the fake call machine where Daily's CDN serves the real one, so the real daily-js and Vapi
 * SDK run a whole call in the page. Anything else on the CDN fails, as it would offline. The answer
 * waits for `until` (a slow network), so a test can see the call connecting.
 */
export async function serveFakeDaily(page: Page, { until }: { until?: Promise<void> } = {}): Promise<void> {
  const body = await readFile(FAKE_CALL_MACHINE, 'utf8')
  await page.route(DAILY_CDN, async (route) => {
    if (!new URL(route.request().url()).pathname.endsWith(CALL_MACHINE_BUNDLE)) {
      return route.abort('internetdisconnected')
    }
    await until
    await route.fulfill({ contentType: 'text/javascript', body })
  })
}

/** Every call object the fake served in this page, oldest first. */
export const readFakeDailyCalls = (page: Page): Promise<FakeDailyCall[]> =>
  page.evaluate(() => (window as unknown as { __fakeDaily?: FakeDailyGlobal }).__fakeDaily?.snapshot() ?? [])

/** The assistant ends the live call from the server side (status-update `ended`, then it leaves). */
export const endCallFromAssistant = (page: Page, options: { statusUpdate?: boolean } = {}): Promise<void> =>
  page.evaluate(
    (choice) => (window as unknown as { __fakeDaily: FakeDailyGlobal }).__fakeDaily.endCall(choice),
    options,
  )

/** The assistant talks for `ms` more in the live call (levels the SDK reports as speech). */
export const speakFromAssistant = (page: Page, ms: number): Promise<void> =>
  page.evaluate(
    (duration) => (window as unknown as { __fakeDaily: FakeDailyGlobal }).__fakeDaily.speak(duration),
    ms,
  )

/** A transcript message as Vapi sends it: `partial` while the words come, then `final`. */
export interface TranscriptMessage {
  role: 'assistant' | 'user'
  transcriptType: 'partial' | 'final'
  transcript: string
}

/** The platform sends a transcript line of the live call. */
export const sendTranscript = (page: Page, line: TranscriptMessage): Promise<void> =>
  page.evaluate(
    (message) => (window as unknown as { __fakeDaily: FakeDailyGlobal }).__fakeDaily.send(message),
    { type: 'transcript', ...line },
  )
