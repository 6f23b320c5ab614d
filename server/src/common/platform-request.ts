/** `fetch`'s shape, so tests can hand a platform client a fake one. */
export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export interface PlatformRequest {
  url: string
  headers: Record<string, string>
  body?: unknown
  timeoutMs: number
  fetch?: Fetch | undefined
  /** For the server log: `Tavus POST /v2/conversations`. */
  label: string
  /** Never written into a log line (an API key). */
  secret?: string | undefined
}

export interface PlatformAnswer {
  status: number
  ok: boolean
  body: unknown
}

/** The request failed before an answer: no connection, or no whole answer within the timeout. */
export class PlatformUnreachableError extends Error {
  override readonly name = 'PlatformUnreachableError'
  constructor(
    readonly timedOut: boolean,
    options: ErrorOptions & { label: string; timeoutMs: number },
  ) {
    super(
      timedOut
        ? `${options.label}: no answer within ${options.timeoutMs} ms`
        : `${options.label}: unreachable`,
      options,
    )
  }
}

/**
 * One POST to a paid platform, with a deadline that covers the body too (a platform that stalls
 * mid-answer times out). Exactly one attempt: a retried POST could dial or open a room twice.
 */
export async function postToPlatform(request: PlatformRequest): Promise<PlatformAnswer> {
  const fetch = request.fetch ?? globalThis.fetch
  try {
    const res = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
      signal: AbortSignal.timeout(request.timeoutMs),
    })
    const body: unknown = await res.json().catch(() => null)
    return { status: res.status, ok: res.ok, body }
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    throw new PlatformUnreachableError(timedOut, {
      label: request.label,
      timeoutMs: request.timeoutMs,
      cause: error,
    })
  }
}

/**
 * The platform's own words in an answer, trimmed: the first of `fields` that holds a string (or an
 * array starting with one, as validation errors come). Undefined when it said nothing usable.
 */
export function readPlatformText(
  body: unknown,
  fields: readonly string[] = ['message', 'error'],
): string | undefined {
  const answer = body as Record<string, unknown> | null
  for (const field of fields) {
    const raw = answer?.[field]
    const value: unknown = Array.isArray(raw) ? raw[0] : raw
    if (typeof value === 'string' && value.trim() !== '') return value.trim()
  }
  return undefined
}
