import { randomUUID } from 'node:crypto'
import type { Hono } from 'hono'
import type { PhoneCallRequest } from '#core/phone-call.ts'
import { createApp } from '../app.ts'
import type { PhoneCallLimits } from '../calls/phone-call-config.ts'
import type { PhoneCallSettings } from '../calls/place-phone-call.ts'
import { createClientIpReader } from '../common/client-ip.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import type { TestBackend } from './test-backend.ts'

export const TEST_PRIVATE_KEY = 'sk-test-private-key-0123456789'
export const TEST_PHONE_NUMBER_ID = 'pn-test-0001'
export const TEST_ASSISTANT_ID = 'asst-default-0001'
export const TEST_MODEL = { provider: 'openai', model: 'gpt-4o-mini' }
export const TEST_HASH_SECRET = 'test-call-hash-secret-0123456789abcdef'
export const TEST_RETENTION_DAYS = 30
/**
 * The loopback fakes answer at once, but on a machine busy with other work "at once" can take
 * seconds: a test must not fail because a deadline meant for the real platform was missed.
 */
export const TEST_PLATFORM_TIMEOUT_MS = 30_000
/** High enough that only the tests about limits meet them. */
export const NO_LIMITS: PhoneCallLimits = {
  perIpHourly: 100000,
  perNumberDaily: 100000,
  perProspectDaily: 100000,
  globalDaily: 1000000,
}

export interface PhoneCallTestOptions {
  vapiUrl: string
  limits?: Partial<PhoneCallLimits>
  /** The platform's deadline; by default far beyond what a busy machine takes to answer locally. */
  timeoutMs?: number
  defaultAssistantId?: string | null
  replayWaitMs?: number
}

export function createTestPhoneCallSettings(options: PhoneCallTestOptions): PhoneCallSettings {
  return {
    vapi: {
      apiUrl: options.vapiUrl,
      privateKey: TEST_PRIVATE_KEY,
      phoneNumberId: TEST_PHONE_NUMBER_ID,
      model: TEST_MODEL,
      timeoutMs: options.timeoutMs ?? TEST_PLATFORM_TIMEOUT_MS,
    },
    defaultAssistantId:
      options.defaultAssistantId === undefined ? TEST_ASSISTANT_ID : options.defaultAssistantId,
    limits: { ...NO_LIMITS, ...options.limits },
    hash: createKeyedHash(TEST_HASH_SECRET),
    retentionDays: TEST_RETENTION_DAYS,
    ...(options.replayWaitMs === undefined ? {} : { replayWaitMs: options.replayWaitMs }),
  }
}

/** The app over the test backend, trusting `x-forwarded-for` so each test can pick the client's address. */
export const createPhoneCallApp = (backend: TestBackend, options: PhoneCallTestOptions): Hono =>
  createApp({
    ...backend.deps,
    phoneCalls: createTestPhoneCallSettings(options),
    clientIp: createClientIpReader('x-forwarded-for'),
  })

/** A valid request for the dialog's defaults; override any field. */
export const phoneCallBody = (overrides: Partial<Record<keyof PhoneCallRequest, unknown>> = {}) => ({
  slug: 'bright-smile-dental',
  country: 'US',
  number: '(201) 555-0123',
  idempotencyKey: randomUUID(),
  ...overrides,
})

export function postPhoneCall(
  app: Hono,
  body: unknown,
  ip = '203.0.113.10',
  headers: Record<string, string> = {},
) {
  return app.request('/api/calls/phone', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}
