import { AppError } from '#core/errors.ts'
import type { ProspectResponse } from '#core/prospect.ts'
import { loadProspect } from '../../lib/load-prospect.ts'
import { preloadedAnswer } from '../../lib/preloaded-prospect.ts'
import { useKeyedLoad } from '../../lib/use-keyed-load.ts'

export type ProspectState =
  | { status: 'loading' }
  | { status: 'loaded'; data: ProspectResponse }
  | { status: 'error'; message: string }

const FAILED_MESSAGE = new AppError('prospect_unavailable').message

/** The prospect for `slug`, reloaded whenever the slug changes; never a previous slug's answer. */
export function useProspect(slug: string): ProspectState {
  const state = useKeyedLoad(slug, loadProspect, { failedMessage: FAILED_MESSAGE, known: preloadedAnswer })
  if (state.status === 'done') return { status: 'loaded', data: state.value }
  return state.status === 'idle' ? { status: 'loading' } : state
}
