import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { Prospect } from '#core/prospect.ts'
import { useKeyedLoad } from '../../lib/use-keyed-load.ts'
import { lookupProspect } from './lookup-prospect.ts'

export type LookupState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; prospect: Prospect }
  | { status: 'missing' }
  | { status: 'error'; message: string }

/** The look-up of `slug` (null: nothing picked yet); never an older pick's answer. */
export function useProspectLookup(slug: string | null): LookupState {
  const state = useKeyedLoad(slug, lookupProspect, { failedMessage: UNAVAILABLE_MESSAGE })
  if (state.status !== 'done') return state
  return state.value.kind === 'found'
    ? { status: 'found', prospect: state.value.prospect }
    : { status: 'missing' }
}
