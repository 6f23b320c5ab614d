import type { Fetch } from '../common/platform-request.ts'

export type Delivery =
  | { ok: true }
  /** `status`: the webhook's answer, or null when none came (unreachable, or past the deadline). */
  | { ok: false; status: number | null; error: string }

const MAX_ERROR_CHARACTERS = 300

/**
 * Posts one nudge to the chat's incoming webhook as Slack reads it, `{"text": …}`. Any 2xx is
 * delivered. Nothing is thrown: every failure is a result to retry later, worded for the operator
 * (the outbox keeps it as `last_error`), and never containing the webhook's URL, which is its secret.
 */
export async function sendNudge(
  settings: { webhookUrl: string; timeoutMs: number; fetch?: Fetch | undefined },
  text: string,
): Promise<Delivery> {
  const fetch = settings.fetch ?? globalThis.fetch
  try {
    const res = await fetch(settings.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text }),
      signal: AbortSignal.timeout(settings.timeoutMs),
    })
    // Read to the end within the same deadline, so the connection is free for the next one.
    const body = await res.text()
    if (res.ok) return { ok: true }
    const said = body.trim().slice(0, MAX_ERROR_CHARACTERS)
    return { ok: false, status: res.status, error: `HTTP ${res.status}${said ? `: ${said}` : ''}` }
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    return {
      ok: false,
      status: null,
      error: timedOut ? `no answer within ${settings.timeoutMs} ms` : 'the webhook could not be reached',
    }
  }
}
