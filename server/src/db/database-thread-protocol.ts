/** The messages between the server's thread and the database's worker thread (database-thread.ts). */
export type ThreadRequest =
  | { id: number; op: 'query'; tx: number | null; sql: string; params: unknown[] }
  | { id: number; op: 'exec'; tx: number | null; sql: string }
  | { id: number; op: 'begin'; tx: number }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' }

export type ThreadReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: ThreadError }

/** An error as it crosses threads: its name, message and stack, and every field of its own (SQLSTATE `code`, `detail`, Emscripten's `errno`, …). */
export interface ThreadError {
  name: string
  message: string
  stack: string | undefined
  fields: Record<string, unknown>
}

const isPlain = (value: unknown) =>
  value === null || ['string', 'number', 'boolean', 'undefined'].includes(typeof value)

/** Keeps what callers read of an error (Postgres's fields, errno codes); a structured clone would drop them. */
export function toThreadError(error: unknown): ThreadError {
  if (typeof error !== 'object' || error === null) {
    return { name: 'Error', message: String(error), stack: undefined, fields: {} }
  }
  const { name, message, stack } = error as { name?: unknown; message?: unknown; stack?: unknown }
  const fields = Object.fromEntries(Object.entries(error).filter(([, value]) => isPlain(value)))
  return {
    name: typeof name === 'string' ? name : 'Error',
    message: typeof message === 'string' ? message : String(error),
    stack: typeof stack === 'string' ? stack : undefined,
    fields,
  }
}

/** The error again, on this side: an Error with the same name, message, fields and the worker's stack. */
export function fromThreadError(error: ThreadError): Error {
  const rebuilt = Object.assign(new Error(error.message), error.fields)
  Object.defineProperty(rebuilt, 'name', { value: error.name, configurable: true, writable: true })
  if (error.stack !== undefined) rebuilt.stack = error.stack
  return rebuilt
}
