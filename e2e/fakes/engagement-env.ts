import { DELIVERED_PATH } from '../../server/src/testing/fake-notify-webhook.ts'

/** The voice platform's webhook secret the e2e product runs with (the tests post its reports). */
export const E2E_VAPI_WEBHOOK_SECRET = 'e2e-vapi-webhook-secret-0123456789'
/** The scheduler's webhook signing key the e2e product runs with (the tests deliver its bookings). */
export const E2E_CALENDLY_SIGNING_KEY = 'e2e-calendly-signing-key-0123456789'

/**
 * The main e2e product's engagement settings: the webhooks' secrets, and event and visit limits no
 * test reaches (every test's browser reports from the same loopback address).
 */
export const ENGAGEMENT_ENV: Record<string, string> = {
  VAPI_WEBHOOK_SECRET: E2E_VAPI_WEBHOOK_SECRET,
  CALENDLY_WEBHOOK_SIGNING_KEY: E2E_CALENDLY_SIGNING_KEY,
  EVENT_LIMIT_PER_IP_MINUTE: '100000',
  ENGAGEMENT_VISITS_PER_IP_HOUR: '100000',
  EVENT_LIMIT_PER_PROSPECT_MINUTE: '100000',
}

/** The nudges the fake Slack webhook (started by global-setup, shared by all workers) accepted so far. */
export async function readDeliveredNudges(): Promise<string[]> {
  const url = process.env.E2E_NOTIFY_URL
  if (!url) throw new Error('E2E_NOTIFY_URL is not set: run the tests with `npx playwright test`')
  const response = await fetch(`${url}${DELIVERED_PATH}`)
  return (await response.json()) as string[]
}
