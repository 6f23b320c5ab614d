import { useEffect, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { Prospect } from '#core/prospect.ts'
import { lookupProspect } from './lookup-prospect.ts'

export type LookupState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'found'; prospect: Prospect }
  | { status: 'missing' }
  | { status: 'error'; message: string }

const IDLE: LookupState = { status: 'idle' }
const LOADING: LookupState = { status: 'loading' }

/**
 * The look-up of `slug` (null: nothing picked yet). The answer remembers its slug, so a new pick is
 * "loading" from its first render and a slow answer for an older pick can never show.
 */
export function useProspectLookup(slug: string | null): LookupState {
  const [result, setResult] = useState<{ slug: string; state: LookupState } | null>(null)

  useEffect(() => {
    if (slug === null) return
    const controller = new AbortController()
    lookupProspect(slug, controller.signal).then(
      (found) => {
        if (controller.signal.aborted) return
        const state: LookupState =
          found.kind === 'found' ? { status: 'found', prospect: found.prospect } : { status: 'missing' }
        setResult({ slug, state })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        const message = error instanceof RequestFailure ? error.message : UNAVAILABLE_MESSAGE
        setResult({ slug, state: { status: 'error', message } })
      },
    )
    return () => controller.abort()
  }, [slug])

  if (slug === null) return IDLE
  return result?.slug === slug ? result.state : LOADING
}
