import { describe, expect, it } from 'vitest'
import { AppError, type ErrorCode } from '#core/errors.ts'
import { describeUnavailable } from '#core/public-config.ts'
import { PHONE_TEXT } from './phone/phone-text.ts'
import { PANEL_EYEBROW, PANEL_LEAD } from './ui/panel-copy.ts'
import { CALL_TEXT as VIDEO_TEXT } from './video/call/call-text.ts'
import { CALL_TEXT } from './voice/call-text.ts'

/**
 * Prospects read the widget's words and the answers of the endpoints its buttons call. What the
 * operator must do (which keys to set, what the voice platform said) is never in them: it goes to the
 * server's log, its start lines and the reps' pages. A new text with an operator's word fails here.
 */
const OPERATOR_WORDS =
  /\bkeys?\b|npm|operator|VAPI|TAVUS|set the server|configured|\bAPI\b|webhook|environment|\.env/i

/** Every error the demo's public endpoints can answer (prospects, config, calls, video, events). */
const PROSPECT_FACING: ErrorCode[] = [
  'bad_request',
  'prospect_not_found',
  'not_found',
  'prospect_unavailable',
  'unavailable',
  'payload_too_large',
  'body_incomplete',
  'phone_required',
  'phone_invalid',
  'country_invalid',
  'phone_not_configured',
  'rate_limited',
  'phone_call_failed',
  'phone_call_timeout',
  'call_in_progress',
  'video_not_configured',
  'video_call_failed',
  'video_call_timeout',
  'video_conversation_not_found',
  'video_end_failed',
  'events_invalid',
]

const textsOf = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : typeof value === 'function'
      ? textsOf((value as (...args: unknown[]) => unknown)('+1 201 555 0123', 3))
      : value !== null && typeof value === 'object'
        ? Object.values(value).flatMap(textsOf)
        : []

describe('what prospects read', () => {
  it('names no setting, key or platform message in the errors of the demo’s endpoints', () => {
    for (const code of PROSPECT_FACING) expect(new AppError(code).message, code).not.toMatch(OPERATOR_WORDS)
  })

  it('says which calls are off without saying what to set', () => {
    for (const browserCall of [true, false]) {
      for (const phoneCall of [true, false]) {
        expect(describeUnavailable({ browserCall, phoneCall })).not.toMatch(OPERATOR_WORDS)
      }
    }
  })

  it('has no operator word in the panel, the calls, Call Me and the video call', () => {
    const texts = [
      PANEL_EYEBROW,
      PANEL_LEAD,
      ...textsOf(CALL_TEXT),
      ...textsOf(PHONE_TEXT),
      ...textsOf(VIDEO_TEXT),
    ]
    expect(texts.length).toBeGreaterThan(30)
    for (const text of texts) expect(text).not.toMatch(OPERATOR_WORDS)
  })
})
