import type { DemoToolName } from '#core/demo-actions.ts'
import {
  RECORDED_REQUESTS_PATH,
  type RecordedRequest,
  TOOL_CALL_PATH,
} from '../../widget/src/voice/testing/fake-vapi-api.ts'

/** The voice settings the e2e product runs with; the fake Vapi API accepts any key. */
export const E2E_VOICE = {
  publicKey: 'pk-e2e-public-key',
  assistantId: 'asst-e2e-default',
  model: { provider: 'openai', model: 'gpt-4o-mini' },
} as const

/** The phone-call settings: outbound calls through the same fake, with limits no test reaches. */
export const E2E_PHONE = { privateKey: 'sk-e2e-private-key', phoneNumberId: 'pn-e2e-outbound' } as const

/** The server's environment for browser and phone calls against the fake Vapi API at `apiUrl`. */
export const voiceEnv = (apiUrl: string): Record<string, string> => ({
  VAPI_PRIVATE_KEY: E2E_PHONE.privateKey,
  VAPI_PHONE_NUMBER_ID: E2E_PHONE.phoneNumberId,
  PHONE_LIMIT_PER_IP_HOURLY: '1000',
  PHONE_LIMIT_PER_NUMBER_DAILY: '1000',
  VAPI_PUBLIC_KEY: E2E_VOICE.publicKey,
  VAPI_ASSISTANT_ID: E2E_VOICE.assistantId,
  VAPI_API_URL: apiUrl,
  VAPI_MODEL_PROVIDER: E2E_VOICE.model.provider,
  VAPI_MODEL: E2E_VOICE.model.model,
})

/** No voice settings at all, whatever the shell sets: the "not configured" product. */
export const NO_VOICE_ENV: Record<string, undefined> = {
  VAPI_PRIVATE_KEY: undefined,
  VAPI_PHONE_NUMBER_ID: undefined,
  VAPI_PUBLIC_KEY: undefined,
  VAPI_ASSISTANT_ID: undefined,
  VAPI_API_URL: undefined,
}

/** What the fake Vapi API (started by global-setup, shared by all workers) has recorded so far. */
export async function readVapiRequests(): Promise<RecordedRequest[]> {
  const apiUrl = process.env.E2E_VAPI_API_URL
  if (!apiUrl) throw new Error('E2E_VAPI_API_URL is not set: run the tests with `npx playwright test`')
  const response = await fetch(`${apiUrl}${RECORDED_REQUESTS_PATH}`)
  return (await response.json()) as RecordedRequest[]
}

/**
 * The fake platform calls one of the demo's tools during call `callId`, as it does when the agent
 * decides to, and answers with what the product said back: the words the agent would speak.
 */
export async function sendToolCall(
  callId: string,
  name: DemoToolName,
  args: Record<string, unknown>,
): Promise<string> {
  const apiUrl = process.env.E2E_VAPI_API_URL
  if (!apiUrl) throw new Error('E2E_VAPI_API_URL is not set: run the tests with `npx playwright test`')
  const response = await fetch(`${apiUrl}${TOOL_CALL_PATH}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ callId, name, args }),
  })
  const answer = (await response.json()) as { status: number; body: { results?: { result: string }[] } }
  const result = answer.body.results?.[0]?.result
  if (answer.status !== 200 || result === undefined)
    throw new Error(`the tool call was not answered: ${JSON.stringify(answer)}`)
  return result
}
