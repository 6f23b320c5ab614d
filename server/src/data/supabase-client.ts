import { createClient, type WebSocketLikeConstructor } from '@supabase/supabase-js'
import type { Fetch } from '../common/platform-request.ts'
import type { Database, Db } from './database.ts'

export const DATABASE_TIMEOUT_MS = 3000

export interface ServerSupabaseOptions {
  url: string
  /** The service-role key: the server reads tables that anonymous clients cannot. */
  key: string
  fetch?: Fetch
  timeoutMs?: number
}

/** The server's supabase-js client: no session, no realtime, and a database that fails fast. */
export function createServerSupabase(options: ServerSupabaseOptions): Db {
  return createClient<Database>(options.url, options.key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // On Node 20 createClient() throws without a WebSocket; the server never subscribes to anything.
    realtime: { transport: RealtimeNotUsed },
    global: {
      fetch: withTimeout(options.fetch ?? globalThis.fetch, options.timeoutMs ?? DATABASE_TIMEOUT_MS),
    },
  })
}

const RealtimeNotUsed = class {
  constructor() {
    throw new Error('Supabase Realtime is not used by the server, so it has no WebSocket transport.')
  }
} as unknown as WebSocketLikeConstructor

/**
 * Gives every request a deadline, so a database that hangs answers like one that is down. The
 * timeout is an `AbortError` on purpose: supabase-js does not retry those (it retries network
 * errors and 503s for 1 + 2 + 4 s). The race also covers fetches that ignore `signal` (in-process).
 */
export function withTimeout(fetch: Fetch, timeoutMs: number): Fetch {
  return (input, init) => {
    const controller = new AbortController()
    const timer = setTimeout(
      () =>
        controller.abort(
          new DOMException(`No answer from the database within ${timeoutMs} ms`, 'AbortError'),
        ),
      timeoutMs,
    )
    const signal = init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason), { once: true })
    })
    return Promise.race([fetch(input, { ...init, signal }), aborted]).finally(() => clearTimeout(timer))
  }
}
