import { FALLBACK_SLUG } from './prospect.ts'
import type { Rep } from './rep-api.ts'

/**
 * Who may change a prospect, as the reps' pages and the API say it. The rule itself is the database's
 * (`prospect_change_refusal`: a rep changes their own prospects and takes over one nobody owns; an
 * admin changes and reassigns any; the fallback prospect is the admins' alone), asked by every write
 * and by the reads that say what a rep may do, so the pages offer exactly what a save would be allowed.
 */

/** Why the rule refuses a change, as the database answers it. */
export type ProspectRefusal =
  | { status: 'not_your_prospect'; owner: Rep | null }
  | { status: 'owner_not_allowed' }
  | { status: 'fallback_admin_only' }

/** What the signed-in rep may do with one prospect, answered with it (the buttons a page shows). */
export interface ProspectRights {
  /** Edit and delete it. */
  change: boolean
  /** Make it theirs: a rep, on a prospect nobody owns. */
  takeOver: boolean
  /** Give it to any rep, or to nobody: an admin. */
  reassign: boolean
  /** Why a change is refused (null when `change`), for the one sentence the page shows. */
  refusal: ProspectRefusal | null
}

/** A rep giving a prospect to someone else, or to nobody: also the error catalogue's message. */
export const OWNER_NOT_ALLOWED_MESSAGE = 'Only an admin can choose another owner.'

/** Each refusal's one sentence, wherever a rep reads it: the form, the prospect's page, the API, an import's row. */
export function describeRefusal(refusal: ProspectRefusal): string {
  switch (refusal.status) {
    case 'not_your_prospect':
      return refusal.owner
        ? `This prospect belongs to ${refusal.owner.email}: only they or an admin can change it.`
        : 'Nobody owns this prospect yet: take it over on its page to change it, or ask an admin.'
    case 'owner_not_allowed':
      return OWNER_NOT_ALLOWED_MESSAGE
    case 'fallback_admin_only':
      return `Only an admin can change the fallback prospect "${FALLBACK_SLUG}".`
  }
}
