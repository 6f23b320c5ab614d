import { z } from 'zod'
import { AppError } from '#core/errors.ts'
import { isValidSlug } from '#core/prospect.ts'
import { readJsonBody } from '../common/read-json-body.ts'

const Body = z.object({ slug: z.string().nullish() })

/**
 * Reads `{ slug? }` from the body's text (JSON, whatever the Content-Type: a `text/plain` POST spares
 * partner pages a CORS preflight). An empty body is `{}`: the landing page has no prospect. A slug
 * that breaks the slug rule is the caller's bug and is refused like everywhere else (400).
 */
export function parseVideoConversationBody(text: string): { slug: string | null } {
  const slug = readJsonBody(text, Body, {}).slug ?? null
  if (slug !== null && !isValidSlug(slug)) throw new AppError('slug_invalid')
  return { slug }
}
