import Daily from '@daily-co/daily-js'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { switchOffDailyErrorReports } from './daily-error-reports.ts'

type Reporter = (event: unknown) => void
const reporterOf = () => (Daily as unknown as { prototype: { _maybeSendToSentry: Reporter } }).prototype

afterEach(() => {
  vi.unstubAllGlobals()
})

const LOAD_FAILURE = {
  action: 'error',
  errorMsg: 'Failed to load call object bundle.',
  error: { type: 'connection-error', msg: 'Failed to load call object bundle.', details: {} },
}
const A_CALL = { properties: { url: 'https://tavus.daily.co/c1' } }

describe("daily-js's reports to Daily's error tracker", () => {
  // Should an upgrade rename the method, these fail: the privacy text would otherwise be wrong.
  it('are sent by the method the widget replaces, in the pinned daily-js', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('{}', { status: 200 })))
    vi.stubGlobal('fetch', fetch)
    reporterOf()._maybeSendToSentry.call(A_CALL, LOAD_FAILURE)
    await vi.waitFor(() => expect(String(fetch.mock.calls[0]?.at(0))).toMatch(/\.ingest\.sentry\.io\//))
  })

  it('send nothing once switched off, for the very failures daily-js reports', () => {
    expect(switchOffDailyErrorReports()).toBe(true)
    const fetch = vi.fn(() => Promise.resolve(new Response(null, { status: 200 })))
    const sendBeacon = vi.fn(() => true)
    vi.stubGlobal('fetch', fetch)
    vi.stubGlobal('navigator', { ...navigator, sendBeacon })
    reporterOf()._maybeSendToSentry.call(A_CALL, LOAD_FAILURE)
    expect(fetch).not.toHaveBeenCalled()
    expect(sendBeacon).not.toHaveBeenCalled()
  })

  it('leaves anything else alone', () => {
    expect(switchOffDailyErrorReports({})).toBe(false)
    expect(switchOffDailyErrorReports(null)).toBe(false)
  })
})
