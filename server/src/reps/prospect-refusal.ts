import { AppError } from '#core/errors.ts'
import { describeRefusal, type ProspectRefusal } from '#core/ownership.ts'
import { FALLBACK_SLUG } from '#core/prospect.ts'
import type { RefusedSlug } from '../data/rep-database.ts'

/**
 * The ownership rule's refusals (`prospect_change_refusal` in the database, which decides) as the API
 * answers them: on the form's save, a delete, a change of owner, and a row of an import. Each in its
 * one sentence (core/ownership.ts), the same the reps' pages show.
 */

/** Throws the refusal as the API answers it: 403 with the rule's sentence, the owner named where there is one. */
export function throwRefusal(refusal: ProspectRefusal): never {
  const code = refusal.status === 'fallback_admin_only' ? 'forbidden' : refusal.status
  throw new AppError(code, { message: describeRefusal(refusal) })
}

/** Whether a function's answer is a refusal rather than one of its own statuses. */
export const isRefusal = (answer: { status: string }): answer is ProspectRefusal =>
  answer.status === 'not_your_prospect' ||
  answer.status === 'owner_not_allowed' ||
  answer.status === 'fallback_admin_only'

/** A row of a rep's import that the rule refuses, as its line's problem: the slug, then the rule's sentence. */
export function describeRefusedRow({ slug, owner }: RefusedSlug): string {
  const refusal: ProspectRefusal =
    slug === FALLBACK_SLUG ? { status: 'fallback_admin_only' } : { status: 'not_your_prospect', owner }
  return `slug "${slug}": ${describeRefusal(refusal)}`
}
