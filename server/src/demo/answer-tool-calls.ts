import { DEMO_TOOL_NAMES, type DemoToolName } from '#core/demo-actions.ts'
import type { CallMetadata } from '#core/engagement.ts'
import { withDeadline } from '../common/with-deadline.ts'
import { callFunction, type Db } from '../data/database.ts'
import type { Logger } from '../logging/rate-limited-logger.ts'
import { getLocalNow, getTemplateCalendar, parseOpeningHours } from './demo-calendar.ts'
import type { DemoSettings } from './demo-settings.ts'
import { runDemoTool } from './demo-tools.ts'

/** A `tool-calls` message as the webhook read it (its ToolCallBatch). */
export interface ToolCallBatch {
  callId: string
  metadata: CallMetadata | null
  calls: { id: string; name: string; args: Record<string, unknown> }[]
}

export interface ToolCallResults {
  results: { toolCallId: string; result: string }[]
}

export interface DemoToolDeps {
  db: Db
  settings: DemoSettings
  logger: Logger
  /** Told after an action was kept, so a live stream of that call in this process sends it at once. */
  onAction?: ((callId: string) => void) | undefined
}

/** Words the agent speaks when it cannot do what it was asked; never an operator's detail. */
export const TOOL_WORDS = {
  unlinked: 'This demo call is not linked to a business, so I cannot do that here.',
  otherProspect: 'I cannot do that on this call.',
  limited: 'One moment, please: I am doing a lot at once. Let us take it one step at a time.',
  unknownTool: 'I cannot do that in this demo.',
  unavailable: 'The calendar could not be reached just now. Please try again in a moment.',
} as const

const isDemoTool = (name: string): name is DemoToolName =>
  (DEMO_TOOL_NAMES as readonly string[]).includes(name)

/**
 * Answers the tool calls of one message, one after another (a booking then its confirmation must see
 * each other), each within the settings' deadline: the platform waits for the answer to speak, and a
 * caller waits with it.
 */
export async function answerToolCalls(deps: DemoToolDeps, batch: ToolCallBatch): Promise<ToolCallResults> {
  const results: ToolCallResults['results'] = []
  for (const call of batch.calls) {
    const result = await withDeadline(
      answerOne(deps, batch, call),
      deps.settings.deadlineMs,
      `a tool call took longer than ${deps.settings.deadlineMs} ms`,
    ).catch((error: unknown) => {
      deps.logger.error('[demo_tool]', error)
      return TOOL_WORDS.unavailable
    })
    results.push({ toolCallId: call.id, result })
  }
  return { results }
}

async function answerOne(
  deps: DemoToolDeps,
  batch: ToolCallBatch,
  call: ToolCallBatch['calls'][number],
): Promise<string> {
  const { metadata } = batch
  if (!metadata) return TOOL_WORDS.unlinked
  const now = deps.settings.now?.() ?? new Date()
  const began = await callFunction(deps.db, 'begin_demo_tool_call', {
    call_id: batch.callId,
    slug: metadata.prospectSlug,
    visit_id: metadata.visitId,
    source: metadata.source,
    tool_call_id: call.id,
    at: now.toISOString(),
    max_per_call: deps.settings.maxPerCall,
    max_per_window: deps.settings.maxPerWindow,
    window_seconds: deps.settings.windowSeconds,
  })
  switch (began.status) {
    case 'answered':
      return began.result
    case 'unknown_prospect':
      return TOOL_WORDS.unlinked
    case 'other_prospect':
      return TOOL_WORDS.otherProspect
    case 'limited':
      return TOOL_WORDS.limited
  }
  if (!isDemoTool(call.name)) return TOOL_WORDS.unknownTool
  const { prospect } = began
  const template = getTemplateCalendar(prospect.template)
  const outcome = runDemoTool(call.name, call.args, {
    calendar: {
      week: parseOpeningHours(prospect.opening_hours) ?? template.week,
      minutes: template.minutes,
      seed: prospect.slug,
      now: getLocalNow(now, deps.settings.timeZone),
      appointments: began.appointments,
    },
    companyName: prospect.company_name,
    template: prospect.template,
    toolCallId: call.id,
  })
  const recorded = await callFunction(deps.db, 'record_demo_action', {
    call_id: batch.callId,
    scope: began.scope,
    tool_call_id: call.id,
    tool: call.name,
    kind: outcome.action?.kind ?? null,
    detail: outcome.action?.detail ?? null,
    result: outcome.result,
    change: outcome.action?.change ?? null,
    at: now.toISOString(),
  })
  if (recorded.status === 'answered') return recorded.result
  if (recorded.status === 'taken')
    return 'That time was booked a moment ago. Shall I find the next free time?'
  if (outcome.action) deps.onAction?.(batch.callId)
  return outcome.result
}
