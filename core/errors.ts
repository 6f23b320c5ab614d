/**
 * The error catalogue: every error that crosses a boundary (server → browser, widget → host page)
 * has a code here, and its message is always safe to show a person.
 */
const catalog = {
  bad_request: { status: 400, message: 'The request is not valid.' },
  slug_invalid: {
    status: 400,
    message: 'A prospect link must be 1 to 64 lowercase letters, digits or dashes.',
  },
  prospect_not_found: { status: 404, message: 'Prospect not found.' },
  not_found: { status: 404, message: 'Not found.' },
  prospect_unavailable: { status: 503, message: 'Failed to load prospect data.' },
  unavailable: { status: 503, message: 'Something went wrong on our side. Please try again.' },
} as const

export type ErrorCode = keyof typeof catalog
export type ErrorStatus = (typeof catalog)[ErrorCode]['status']

export interface AppErrorOptions extends ErrorOptions {
  /** Replaces the catalogue's message when the message needs details (for example a slug). */
  message?: string
}

/** The one error type that crosses a boundary. Its `message` is always safe to show a person. */
export class AppError extends Error {
  override readonly name = 'AppError'
  readonly status: ErrorStatus

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(options.message ?? catalog[code].message, options)
    this.status = catalog[code].status
  }
}

/** The JSON body every API error uses. */
export interface ErrorBody {
  error: { code: ErrorCode; message: string }
}

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && Object.hasOwn(catalog, value)

/**
 * Turns an API error response back into an AppError, exactly once, at the client boundary.
 * Anything that is not our error shape becomes `unavailable`.
 */
export async function readErrorResponse(res: Response): Promise<AppError> {
  const body: unknown = await res.json().catch(() => null)
  const error = (body as Partial<ErrorBody> | null)?.error
  if (error && isErrorCode(error.code) && typeof error.message === 'string') {
    return new AppError(error.code, { message: error.message })
  }
  return new AppError('unavailable', { cause: new Error(`HTTP ${res.status}`) })
}
