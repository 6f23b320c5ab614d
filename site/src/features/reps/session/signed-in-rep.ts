import type { Rep } from '#core/rep-api.ts'
import { useSessionState } from './session-store.ts'

/** The rep this tab is signed in as; null before the session is known. */
export function useSignedInRep(): Rep | null {
  const state = useSessionState()
  return state.status === 'signed-in' ? state.session.rep : null
}
