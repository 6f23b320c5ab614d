import { z } from 'zod'
import { type CallMetadata, VISIT_ID_PATTERN } from '#core/engagement.ts'
import { FALLBACK_SLUG, isValidSlug } from '#core/prospect.ts'
import { cleanText, parsePlainTranscript, type TranscriptLine, toTranscript } from './call-transcript.ts'

/**
 * The voice platform's server messages arrive as `{ "message": { "type", … } }`. Only the fields read
 * here are described; anything else is ignored, and a field of an unexpected shape counts as absent
 * (`catch`), so a change on the platform's side costs a detail of the report, not the report.
 */
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined)

const Envelope = z.object({ message: z.object({ type: z.string() }).loose() })

// biome-ignore lint/suspicious/noControlCharactersInRegex: a call id with one is not the platform's
const CALL_ID = /^[^\u0000-\u001f\u007f]{1,200}$/

const Call = z.object({
  id: z.string().regex(CALL_ID),
  type: optional(z.string()),
  metadata: z.unknown().optional(),
  assistantOverrides: optional(z.object({ metadata: z.unknown().optional() })),
  startedAt: optional(z.string()),
  endedAt: optional(z.string()),
})

const EndOfCallReport = z.object({
  type: z.literal('end-of-call-report'),
  call: Call,
  endedReason: optional(z.string()),
  startedAt: optional(z.string()),
  endedAt: optional(z.string()),
  durationSeconds: optional(z.number()),
  summary: optional(z.string()),
  transcript: optional(z.string()),
  analysis: optional(z.object({ summary: optional(z.string()) })),
  artifact: optional(
    z.object({ messages: optional(z.array(z.unknown())), transcript: optional(z.string()) }),
  ),
  messages: optional(z.array(z.unknown())),
})

const Metadata = z.object({
  prospectSlug: z.string(),
  visitId: z.unknown().optional(),
  source: optional(z.enum(['browser', 'phone'])),
  team: optional(z.literal(true)),
})

/** What is stored of one report (`call_reports`), linked to its prospect by slug. */
export interface CallReport {
  callId: string
  metadata: CallMetadata
  startedAt: string | null
  endedAt: string | null
  seconds: number | null
  endedReason: string | null
  summary: string | null
  transcript: TranscriptLine[]
}

/** One tool call of a `tool-calls` message: its id, the tool's name and its arguments. */
export interface ToolCall {
  id: string
  name: string
  args: Record<string, unknown>
}

/** A `tool-calls` message: the call it came from, linked to its prospect when its metadata says so. */
export interface ToolCallBatch {
  callId: string
  /** Null: the call names no prospect of ours (a test call from the platform's dashboard, the fallback page). */
  metadata: CallMetadata | null
  calls: ToolCall[]
}

/** A model asks for a few tools at once at most; a longer list is not the platform's. */
const MAX_TOOL_CALLS_PER_MESSAGE = 10

const ToolCallItem = z.object({
  id: z.string().regex(CALL_ID),
  function: z.object({ name: z.string().max(100), arguments: z.unknown().optional() }),
})

const ToolCalls = z.object({
  type: z.literal('tool-calls'),
  call: Call,
  toolCallList: z.array(ToolCallItem).max(MAX_TOOL_CALLS_PER_MESSAGE),
})

/** Arguments come as an object, or (from some models) as the JSON text of one. */
function readArguments(value: unknown): Record<string, unknown> {
  let parsed = value
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value)
    } catch {
      return {}
    }
  }
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? (parsed as Record<string, unknown>)
    : {}
}

export type ParsedMessage =
  | { kind: 'report'; report: CallReport }
  | { kind: 'tool_calls'; batch: ToolCallBatch }
  /** Another message type (status updates, transcripts as they happen, …): answered, not stored. */
  | { kind: 'other'; type: string }
  /** An end-of-call report that names no prospect we could show (none, malformed, or the fallback). */
  | { kind: 'no_prospect' }
  | { kind: 'malformed' }

const MAX_SUMMARY_CHARACTERS = 8000
const MAX_ENDED_REASON_CHARACTERS = 200
const MAX_CALL_SECONDS = 86400

/** Reads one server message: an end-of-call report becomes what is stored; anything else says what it is. */
export function parseServerMessage(json: unknown): ParsedMessage {
  const envelope = Envelope.safeParse(json)
  if (!envelope.success) return { kind: 'malformed' }
  const { type } = envelope.data.message
  if (type === 'tool-calls') {
    const tools = ToolCalls.safeParse(envelope.data.message)
    if (!tools.success) return { kind: 'malformed' }
    return {
      kind: 'tool_calls',
      batch: {
        callId: tools.data.call.id,
        metadata: readCallMetadata(tools.data.call),
        calls: tools.data.toolCallList.map(({ id, function: { name, arguments: args } }) => ({
          id,
          name,
          args: readArguments(args),
        })),
      },
    }
  }
  if (type !== 'end-of-call-report') return { kind: 'other', type }
  const parsed = EndOfCallReport.safeParse(envelope.data.message)
  if (!parsed.success) return { kind: 'malformed' }
  const message = parsed.data
  const metadata = readCallMetadata(message.call)
  if (!metadata) return { kind: 'no_prospect' }
  const startedAt = readTime(message.startedAt ?? message.call.startedAt)
  const endedAt = readTime(message.endedAt ?? message.call.endedAt)
  const messages = message.artifact?.messages ?? message.messages
  const plain = message.artifact?.transcript ?? message.transcript
  return {
    kind: 'report',
    report: {
      callId: message.call.id,
      metadata,
      startedAt,
      endedAt,
      seconds: readSeconds(message.durationSeconds, startedAt, endedAt),
      endedReason: readText(message.endedReason, MAX_ENDED_REASON_CHARACTERS),
      summary: readText(message.analysis?.summary ?? message.summary, MAX_SUMMARY_CHARACTERS),
      transcript: messages ? toTranscript(messages) : plain ? parsePlainTranscript(plain) : [],
    },
  }
}

/**
 * The metadata our calls are started with: set on the call itself, or (as the browser SDK and the
 * phone call set it) in the assistant's overrides. A visit id that breaks the rule is dropped, not
 * the report. Without a source the call's type says which button placed it. The fallback prospect
 * has no one to tell, so its calls are not linked to anyone.
 */
function readCallMetadata(call: z.output<typeof Call>): CallMetadata | null {
  for (const candidate of [call.metadata, call.assistantOverrides?.metadata]) {
    const parsed = Metadata.safeParse(candidate)
    if (!parsed.success) continue
    const { prospectSlug, visitId, source, team } = parsed.data
    if (!isValidSlug(prospectSlug) || prospectSlug === FALLBACK_SLUG) return null
    return {
      prospectSlug,
      visitId: typeof visitId === 'string' && VISIT_ID_PATTERN.test(visitId) ? visitId : null,
      source: source ?? (call.type?.endsWith('PhoneCall') ? 'phone' : 'browser'),
      ...(team && { team }),
    }
  }
  return null
}

function readTime(value: string | undefined): string | null {
  if (value === undefined) return null
  const time = new Date(value)
  return Number.isNaN(time.getTime()) ? null : time.toISOString()
}

/** The platform's own count, else the time between start and end; whole seconds within a day. */
function readSeconds(duration: number | undefined, startedAt: string | null, endedAt: string | null) {
  const seconds =
    duration ??
    (startedAt && endedAt ? (new Date(endedAt).getTime() - new Date(startedAt).getTime()) / 1000 : null)
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0) return null
  return Math.min(Math.round(seconds), MAX_CALL_SECONDS)
}

function readText(value: string | undefined, max: number): string | null {
  if (value === undefined) return null
  const text = cleanText(value, max)
  return text === '' ? null : text
}
