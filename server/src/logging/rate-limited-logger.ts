/** Where the server reports failures: `console`, or a test's collector. */
export type Logger = Pick<Console, 'error'>

export interface RateLimitedLoggerOptions {
  /** One line per distinct message per interval; default a minute. */
  intervalMs?: number
  /** Distinct messages remembered at once; the least recent is forgotten past this. */
  maxMessages?: number
  now?: () => number
}

/**
 * Passes each distinct message through at most once per interval, and counts the repeats it holds
 * back: the next line of that message after the interval is preceded by the count. A client that
 * makes the server fail hundreds of times a second must not fill the disk with the same stack trace.
 * Messages are told apart by their text without stacks (an error's name and message).
 */
export function createRateLimitedLogger(sink: Logger, options: RateLimitedLoggerOptions = {}): Logger {
  const intervalMs = options.intervalMs ?? 60_000
  const maxMessages = options.maxMessages ?? 500
  const now = options.now ?? Date.now
  const seen = new Map<string, { since: number; suppressed: number }>()
  return {
    error(...args: unknown[]) {
      const key = describe(args)
      const time = now()
      const entry = seen.get(key)
      if (entry && time - entry.since < intervalMs) {
        entry.suppressed += 1
        return
      }
      // Re-inserted, so the map's order is least recently logged first, the one to forget.
      seen.delete(key)
      if (seen.size >= maxMessages) seen.delete(seen.keys().next().value as string)
      seen.set(key, { since: time, suppressed: 0 })
      if (entry && entry.suppressed > 0) {
        const seconds = Math.round((time - entry.since) / 1000)
        sink.error(`[log] ${entry.suppressed} more of "${key}" in ${seconds} s were not shown`)
      }
      sink.error(...args)
    },
  }
}

const MAX_KEY_LENGTH = 200

function describe(args: readonly unknown[]): string {
  const text = args.map(describeOne).join(' ')
  return text.length > MAX_KEY_LENGTH ? `${text.slice(0, MAX_KEY_LENGTH)}…` : text
}

function describeOne(value: unknown): string {
  if (typeof value === 'string') return value
  if (value instanceof Error) return `${value.name}: ${value.message}`
  try {
    return JSON.stringify(value) ?? String(value)
  } catch {
    return String(value)
  }
}
