import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import { checkProspectFields, type FieldContext, normalizeProspectFields } from '#core/prospect-fields.ts'
import type { ProspectFields } from '#core/rep-api.ts'

const optional = z.string().nullable().optional()
const Fields = z.object({
  slug: z.string(),
  name: z.string(),
  company_name: z.string(),
  template: optional,
  city: optional,
  services: optional,
  opening_hours: optional,
  website: optional,
  booking_link: optional,
  phone: optional,
  description: optional,
  logo: optional,
  theme_color: optional,
  first_message: optional,
  system: optional,
  assistant_id: optional,
})

/**
 * The form's body: the prospect's fields and, optionally, `ownerId` (a rep's id, or null for none).
 * The fields may also come wrapped as `{ fields, ownerId }`.
 */
const Body = z.union([
  Fields.extend({ ownerId: z.uuid().nullable().optional() }),
  z.object({ fields: Fields, ownerId: z.uuid().nullable().optional() }),
])

export interface ProspectInput {
  fields: ProspectFields
  /** Absent: not given (a new prospect is then the creating rep's; an update keeps the owner). */
  ownerId: string | null | undefined
}

/**
 * Reads a prospect form: the fields trimmed as they will be stored (an absent optional one is none),
 * each checked by the one rule (core/prospect-fields.ts), the template against those that exist; 422 `prospect_invalid` with `fields` naming every bad one. Not the
 * shared JSON reader: prompts have line breaks, and the rule's own messages name any other control
 * character per field.
 */
export function readProspectInput(text: string, context: FieldContext = {}): ProspectInput {
  const body = parseBody(text, Body)
  const raw = 'fields' in body ? body.fields : body
  const fields = normalizeProspectFields(raw as ProspectFields)
  const errors = checkProspectFields(fields, context)
  if (Object.keys(errors).length > 0) throw new AppError('prospect_invalid', { fields: errors })
  return { fields, ownerId: body.ownerId }
}

const OwnerChange = z.object({ ownerId: z.uuid().nullable() })

/** Reads `PUT prospects/:slug/owner`: `{ ownerId }`, a rep's id or null (nobody); 400 otherwise. */
export function readOwnerChange(text: string): z.output<typeof OwnerChange> {
  return parseBody(text, OwnerChange)
}

function parseBody<T extends z.ZodType>(text: string, schema: T): z.output<T> {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new AppError('bad_request', { message: 'The request body must be a JSON object.' })
  }
  const parsed = schema.safeParse(json)
  if (parsed.success) return parsed.data
  const names = [...new Set(parsed.error.issues.flatMap((issue) => issue.path.slice(0, 1).map(String)))]
  throw new AppError('bad_request', {
    message: `Missing or malformed in the request: ${names.length > 0 ? names.join(', ') : 'the fields'}.`,
  })
}
