import { FALLBACK_SLUG } from '#core/prospect.ts'
import type { Rep } from '#core/rep-api.ts'
import { useSessionState } from './session-store.ts'

/** What the signed-in rep may do with one prospect: the buttons a page shows. */
export interface ProspectRights {
  /** Edit and delete it. */
  change: boolean
  /** Make it theirs: a rep, on a prospect nobody owns. */
  takeOver: boolean
  /** Give it to any rep, or to nobody: an admin. */
  reassign: boolean
}

/**
 * The ownership rule as the pages apply it, so a rep is not offered what the server would refuse: a
 * rep changes their own prospects and takes over one nobody owns; an admin changes and reassigns any;
 * the fallback prospect is the admins' alone. The server decides (the database checks every change);
 * this only chooses what to show.
 */
export function getProspectRights(rep: Rep | null, owner: Rep | null, slug: string): ProspectRights {
  if (rep?.role === 'admin') return { change: true, takeOver: false, reassign: true }
  if (rep === null || slug === FALLBACK_SLUG) return { change: false, takeOver: false, reassign: false }
  return { change: owner?.id === rep.id, takeOver: owner === null, reassign: false }
}

/** The rep this tab is signed in as; null before the session is known. */
export function useSignedInRep(): Rep | null {
  const state = useSessionState()
  return state.status === 'signed-in' ? state.session.rep : null
}
