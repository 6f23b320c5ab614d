import type { ErrorCode } from './errors.ts'

/** The catalogue's `unavailable` message: what a person reads when nothing more precise is known. */
export const UNAVAILABLE_MESSAGE = 'Something went wrong on our side. Please try again.'

/**
 * A request that failed, as a browser sees it: an error whose `message` is safe to show a person, read
 * from an API answer or raised in the browser with its own words. Free of the error catalogue on purpose, so the widget's
 * first paint does not carry every server message; the server's `AppError` extends it.
 */
export class RequestFailure extends Error {
  override readonly name: string = 'RequestFailure'

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** The HTTP status it came with; 0 when raised in the browser. */
    readonly status: number = 0,
    options?: ErrorOptions,
  ) {
    super(message, options)
  }
}

/**
 * Turns an API error response back into a RequestFailure, exactly once, at the client boundary. A code
 * this build does not know (a newer server) keeps its message; anything that is not our error shape
 * (a proxy's page) becomes `unavailable`.
 */
export async function readErrorResponse(res: Response): Promise<RequestFailure> {
  const body: unknown = await res.json().catch(() => null)
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error
  const { code, message } = error ?? {}
  if (typeof code === 'string' && /^[a-z_]+$/.test(code) && typeof message === 'string') {
    // Retry-After is not read: the server's message already says when to try again (a limit's
    // answer), and the bytes count on the widget's first paint.
    return new RequestFailure(code as ErrorCode, message, res.status)
  }
  return new RequestFailure('unavailable', UNAVAILABLE_MESSAGE, res.status, {
    cause: new Error(`HTTP ${res.status}`),
  })
}
