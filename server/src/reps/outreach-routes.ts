import { Hono } from 'hono'
import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import {
  checkOutreachWording,
  DEFAULT_OUTREACH_WORDING,
  type OutreachWordingResponse,
} from '#core/rep-api.ts'
import { assertNoControlInJsonText } from '../common/control-characters.ts'
import { limitBody } from '../common/limit-body.ts'
import { callFunction, type Db } from '../data/database.ts'
import type { OutreachWordingRow } from '../data/outreach-database.ts'
import type { RepEnv } from './rep-guards.ts'

/** Three short texts; the rule's lengths are far below this. */
const MAX_JSON_BYTES = 32 * 1024
/** A text has paragraphs (line breaks, kept as `\n`) and no other control character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the rule exists to find them
const OTHER_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f]/
const text = z
  .string()
  .max(10_000)
  .transform((value) => value.replace(/\r\n?/g, '\n'))
  .refine((value) => !OTHER_CONTROL.test(value))
const WordingBody = z.strictObject({ subject: text, email: text, linkedin: text })

function readWording(body: string) {
  assertNoControlInJsonText(body)
  let json: unknown
  try {
    json = JSON.parse(body)
  } catch {
    throw new AppError('bad_request', { message: 'The request body must be a JSON object.' })
  }
  const parsed = WordingBody.safeParse(json)
  if (!parsed.success) {
    throw new AppError('bad_request', {
      message: 'The request must give a subject, an email and a LinkedIn message.',
    })
  }
  return parsed.data
}
const NOT_ADMIN = 'Only an admin can change the wording for everyone.'

/**
 * The team's wording of the message a rep sends a prospect (`outreach-wording`): every rep reads it,
 * with their own name for `{{ rep_name }}`; only an admin changes it, for everyone at once, and only
 * to texts that pass the rule (core/rep-api.ts checkOutreachWording), so no rep ever copies a message
 * with a broken placeholder in it.
 */
export function outreachRoutes(db: Db, now: () => Date): Hono<RepEnv> {
  const answer = async (repId: string, row: OutreachWordingRow | null): Promise<OutreachWordingResponse> => {
    const profile = await callFunction(db, 'rep_profile', { rep_id: repId })
    return {
      wording: row
        ? { subject: row.subject, email: row.email, linkedin: row.linkedin }
        : DEFAULT_OUTREACH_WORDING,
      isDefault: row === null,
      updated: row ? { at: new Date(row.updated_at).toISOString(), rep: row.updated_by } : null,
      repName: profile?.name ?? '',
    }
  }

  return new Hono<RepEnv>()
    .get('/outreach-wording', async (c) =>
      c.json(await answer(c.get('rep').id, await callFunction(db, 'outreach_wording', {}))),
    )
    .put('/outreach-wording', limitBody(MAX_JSON_BYTES), async (c) => {
      const rep = c.get('rep')
      if (rep.role !== 'admin') throw new AppError('forbidden', { message: NOT_ADMIN })
      const wording = readWording(await c.req.text())
      const fields = checkOutreachWording(wording)
      if (fields) throw new AppError('bad_request', { message: 'Please correct the marked texts.', fields })
      const row = await callFunction(db, 'set_outreach_wording', {
        ...wording,
        rep_id: rep.id,
        at: now().toISOString(),
      })
      return c.json(await answer(rep.id, row))
    })
}
