/** One line of a stored transcript (`call_reports.transcript`), oldest first. */
export interface TranscriptLine {
  speaker: 'agent' | 'prospect'
  text: string
}

/**
 * Bounds that keep a row well under the table's 200,000-byte check on the transcript, whatever the
 * platform sends: a line longer than a minute of speech is cut, and past the line or byte budget the
 * rest of the call is left out (the summary still covers it).
 */
export const MAX_TRANSCRIPT_LINES = 400
export const MAX_LINE_CHARACTERS = 2000
export const MAX_TRANSCRIPT_BYTES = 150_000
/** What `jsonb::text` adds around each line (`{"text": …, "speaker": "prospect"}, `), generously. */
const LINE_OVERHEAD_BYTES = 40

/** Who said it, by the platform's role: the assistant (`bot` in recorded messages) or the caller. */
const SPEAKERS: Record<string, TranscriptLine['speaker']> = {
  assistant: 'agent',
  bot: 'agent',
  user: 'prospect',
}

// C0 controls and DEL but tab and newline: Postgres refuses NUL, and the rest has no place in speech.
// biome-ignore lint/suspicious/noControlCharactersInRegex: this rule exists to remove them
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g

/** Text as stored: control characters removed, whitespace runs made one space, cut to `max` characters. */
export function cleanText(value: string, max: number): string {
  const text = value.replace(CONTROL, ' ').replace(/\s+/g, ' ').trim()
  return text.length > max ? `${text.slice(0, max - 1)}…` : text
}

/**
 * The spoken lines of a call from the platform's messages (`{ role, message }`), in order: the
 * agent's and the caller's only (system prompts and tool calls are not conversation), blank ones
 * dropped, bounded as above.
 */
export function toTranscript(messages: readonly unknown[]): TranscriptLine[] {
  const lines: TranscriptLine[] = []
  for (const item of messages) {
    const { role, message } = (item ?? {}) as { role?: unknown; message?: unknown }
    const speaker = typeof role === 'string' ? SPEAKERS[role] : undefined
    if (!speaker || typeof message !== 'string') continue
    const text = cleanText(message, MAX_LINE_CHARACTERS)
    if (text !== '') lines.push({ speaker, text })
  }
  return bound(lines)
}

/** Prefixes of the platform's plain transcript (`AI: …\nUser: …`), for reports without messages. */
const PREFIXES: [RegExp, TranscriptLine['speaker']][] = [
  [/^(?:AI|Assistant|Bot):\s*/i, 'agent'],
  [/^(?:User|Customer):\s*/i, 'prospect'],
]

/** The same lines from the plain transcript: each line names its speaker; others are skipped. */
export function parsePlainTranscript(transcript: string): TranscriptLine[] {
  const lines: TranscriptLine[] = []
  for (const raw of transcript.split('\n')) {
    for (const [prefix, speaker] of PREFIXES) {
      if (!prefix.test(raw)) continue
      const text = cleanText(raw.replace(prefix, ''), MAX_LINE_CHARACTERS)
      if (text !== '') lines.push({ speaker, text })
      break
    }
  }
  return bound(lines)
}

const encoder = new TextEncoder()

function bound(lines: TranscriptLine[]): TranscriptLine[] {
  const kept: TranscriptLine[] = []
  let bytes = 2
  for (const line of lines.slice(0, MAX_TRANSCRIPT_LINES)) {
    bytes += encoder.encode(JSON.stringify(line)).byteLength + LINE_OVERHEAD_BYTES
    if (bytes > MAX_TRANSCRIPT_BYTES) break
    kept.push(line)
  }
  return kept
}
