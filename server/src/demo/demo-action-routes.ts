import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import { VISIT_ID_PATTERN } from '#core/engagement.ts'
import { AppError } from '#core/errors.ts'
import { isValidSlug } from '#core/prospect.ts'
import { callFunction, type Db } from '../data/database.ts'
import { toDemoAction } from '../data/demo-database.ts'

/**
 * Where a call's new actions are announced inside one process: the tool call that kept one wakes the
 * streams of that call at once. Streams also ask the database on a short beat, so an action kept by
 * another process (another server, the edge function's next invocation) arrives within a second too.
 */
export interface DemoActionSignal {
  notify(callId: string): void
  /** Resolves at the next notify of `callId`, or after `ms`. */
  wait(callId: string, ms: number, signal: AbortSignal): Promise<void>
}

export function createDemoActionSignal(): DemoActionSignal {
  const waiting = new Map<string, Set<() => void>>()
  return {
    notify(callId) {
      const wakers = waiting.get(callId)
      waiting.delete(callId)
      for (const wake of wakers ?? []) wake()
    },
    wait(callId, ms, signal) {
      return new Promise((resolve) => {
        const wakers = waiting.get(callId) ?? new Set()
        waiting.set(callId, wakers)
        const done = () => {
          clearTimeout(timer)
          signal.removeEventListener('abort', done)
          wakers.delete(done)
          if (wakers.size === 0 && waiting.get(callId) === wakers) waiting.delete(callId)
          resolve()
        }
        const timer = setTimeout(done, ms)
        signal.addEventListener('abort', done)
        wakers.add(done)
      })
    },
  }
}

export interface DemoActionStreamOptions {
  db: Db
  signal: DemoActionSignal
  /** How often a stream asks the database when nothing woke it. */
  pollMs?: number
  /** A stream with no new action for this long closes; the browser's EventSource reconnects if its call is still on. */
  idleMs?: number
  /** A stream lasts at most this in all (the edge function's requests may not live long). */
  maxMs?: number
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: a call id with one is not the platform's
const CALL_ID = /^[^\u0000-\u001f\u007f]{1,200}$/

/**
 * `GET /?call=&slug=&visit=`: the actions of one call, for the page of the prospect and visit it was
 * placed for, as server-sent events (core/demo-actions.ts DEMO_ACTIONS_PATH). Nothing is secret in
 * them that the caller did not say, and the call id, the slug and the visit id must all match.
 */
export function demoActionRoutes(options: DemoActionStreamOptions): Hono {
  const pollMs = options.pollMs ?? 500
  const idleMs = options.idleMs ?? 10 * 60_000
  const maxMs = options.maxMs ?? idleMs
  return new Hono().get('/', (c) => {
    const callId = c.req.query('call') ?? ''
    const slug = c.req.query('slug') ?? ''
    const visit = c.req.query('visit') || null
    if (!CALL_ID.test(callId) || !isValidSlug(slug) || (visit !== null && !VISIT_ID_PATTERN.test(visit))) {
      throw new AppError('bad_request', { message: 'This is not a call of this page.' })
    }
    const resumeFrom = Number(c.req.header('Last-Event-ID') ?? 0)
    let after = Number.isSafeInteger(resumeFrom) && resumeFrom > 0 ? resumeFrom : 0
    c.header('Cache-Control', 'no-store')
    // Proxies that buffer would hold the events back until the stream ends.
    c.header('X-Accel-Buffering', 'no')
    return streamSSE(c, async (stream) => {
      const closed = new AbortController()
      stream.onAbort(() => closed.abort())
      const openedAt = Date.now()
      let quietSince = openedAt
      while (!closed.signal.aborted && Date.now() - quietSince < idleMs && Date.now() - openedAt < maxMs) {
        const rows = await callFunction(options.db, 'list_demo_actions', {
          call_id: callId,
          slug,
          visit_id: visit,
          after_id: after,
        })
        for (const row of rows) {
          await stream.writeSSE({
            event: 'action',
            id: String(row.id),
            data: JSON.stringify(toDemoAction(row)),
          })
          after = row.id
          quietSince = Date.now()
        }
        await options.signal.wait(callId, pollMs, closed.signal)
      }
    })
  })
}
