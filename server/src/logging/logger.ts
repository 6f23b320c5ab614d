import { type DestinationStream, type Logger as PinoLogger, pino } from 'pino'

export type AppLogger = PinoLogger

/**
 * Keys whose values never reach a line, wherever they sit in what is logged: secrets, tokens,
 * passwords, cookies, and the personal data a prospect or a rep gives us (phone, email, address).
 * A line says that such a value was there ("[redacted]"), not what it was.
 */
export const REDACTED_KEYS = [
  'password',
  'newPassword',
  'token',
  'secret',
  'authorization',
  'cookie',
  'set-cookie',
  'phone',
  'phoneNumber',
  'number',
  'email',
  'to',
  'address',
  'street',
  'body',
]

const REDACT_PATHS = REDACTED_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`].map(quote))

function quote(path: string): string {
  return path
    .split('.')
    .map((part) => (/^[A-Za-z_*][\w]*$/.test(part) ? part : `["${part}"]`))
    .join('.')
    .replace(/\.\[/g, '[')
}

export type LogFormat = 'json' | 'pretty'

export interface LogSettings {
  format: LogFormat
  level: string
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/**
 * LOG_FORMAT (json or pretty) and LOG_LEVEL (default info). Without LOG_FORMAT, lines are pretty
 * when a person reads them (stdout is a terminal, or `npm run dev`, which sets pretty) and JSON
 * otherwise, for a log collector. Unknown values fall back to the default rather than stop a start.
 */
export function readLogSettings(env: Record<string, string | undefined>, isTerminal: boolean): LogSettings {
  const format = env.LOG_FORMAT === 'json' || env.LOG_FORMAT === 'pretty' ? env.LOG_FORMAT : undefined
  const level = env.LOG_LEVEL && LEVELS.includes(env.LOG_LEVEL) ? env.LOG_LEVEL : 'info'
  return { format: format ?? (isTerminal ? 'pretty' : 'json'), level }
}

/** A JSON logger writing to `destination` (stdout by default), redacting by key. */
export function createLogger(level: string, destination?: DestinationStream): AppLogger {
  return pino(
    {
      level,
      base: null,
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[redacted]' },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  )
}

/**
 * The server's logger as LOG_FORMAT says: pretty lines go through pino-pretty in this process (no
 * worker thread: the footprint matters on a small machine). pino-pretty is a development dependency;
 * where it is not installed the lines stay JSON.
 */
export async function openLogger(settings: LogSettings): Promise<AppLogger> {
  if (settings.format === 'json') return createLogger(settings.level)
  try {
    const { default: pretty } = await import('pino-pretty')
    return createLogger(
      settings.level,
      pretty({
        colorize: process.stdout.isTTY === true,
        ignore: 'pid,hostname',
        translateTime: 'HH:MM:ss',
        // One line per request, as people scan them; a stack still spans its lines.
        singleLine: true,
      }),
    )
  } catch {
    return createLogger(settings.level)
  }
}

/**
 * The logger as the places that report failures take it (`Logger`: `error(...args)`), each call one
 * line at level error: the first string is the message, an Error its `err` (name, message, stack).
 */
export function toErrorSink(logger: AppLogger): { error: (...args: unknown[]) => void } {
  return {
    error(...args: unknown[]) {
      const words = args.filter((arg): arg is string => typeof arg === 'string')
      const err = args.find((arg) => arg instanceof Error)
      const others = args.filter((arg) => typeof arg !== 'string' && !(arg instanceof Error))
      const msg = words.join(' ')
      if (err) logger.error({ err }, msg)
      else if (others.length > 0) logger.error({ detail: others.map(String).join(' ') }, msg)
      else logger.error(msg)
    },
  }
}
