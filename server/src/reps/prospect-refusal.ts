import { AppError } from '#core/errors.ts'
import { FALLBACK_SLUG } from '#core/prospect.ts'
import type { ProspectRefusal, RefusedSlug } from '../data/rep-database.ts'

/**
 * The ownership rule's refusals (`prospect_change_refusal` in the database, which decides) in the
 * words a rep reads: on the form's save, a delete, a change of owner, and a row of an import.
 */

const FALLBACK_MESSAGE = `Only an admin can change the fallback prospect "${FALLBACK_SLUG}".`

/** Throws the refusal as the API answers it: 403 with the owner named where there is one. */
export function throwRefusal(refusal: ProspectRefusal): never {
  switch (refusal.status) {
    case 'not_your_prospect':
      throw new AppError('not_your_prospect', {
        message: refusal.owner
          ? `This prospect belongs to ${refusal.owner.email}: only they or an admin can change it.`
          : 'Nobody owns this prospect yet: take it over to change it, or ask an admin.',
      })
    case 'owner_not_allowed':
      throw new AppError('owner_not_allowed')
    case 'fallback_admin_only':
      throw new AppError('forbidden', { message: FALLBACK_MESSAGE })
  }
}

/** Whether a function's answer is a refusal rather than one of its own statuses. */
export const isRefusal = (answer: { status: string }): answer is ProspectRefusal =>
  answer.status === 'not_your_prospect' ||
  answer.status === 'owner_not_allowed' ||
  answer.status === 'fallback_admin_only'

/** A row of a rep's import that the rule refuses, as its line's problem. */
export function describeRefusedRow({ slug, owner }: RefusedSlug): string {
  if (slug === FALLBACK_SLUG) return `slug "${slug}" is the fallback prospect: only an admin can change it`
  return owner
    ? `slug "${slug}" belongs to ${owner.email}: only they or an admin can change it`
    : `slug "${slug}" is a prospect nobody owns: take it over on its page first, or ask an admin`
}
