import { useEffect, useState } from 'react'
import { RequestFailure } from '#core/api-error.ts'
import { AppError } from '#core/errors.ts'
import type { ProspectResponse } from '#core/prospect.ts'
import { loadProspect } from '../../lib/load-prospect.ts'

export type ProspectState =
  | { status: 'loading' }
  | { status: 'loaded'; data: ProspectResponse }
  | { status: 'error'; message: string }

const LOADING: ProspectState = { status: 'loading' }
const FAILED_MESSAGE = new AppError('prospect_unavailable').message

/**
 * The prospect for `slug`, reloaded whenever the slug changes. The result remembers which slug it
 * belongs to, so the first render for a new slug is already "loading" (no flash of the previous
 * prospect), and the previous request is aborted so a slow answer cannot overwrite a newer one.
 */
export function useProspect(slug: string): ProspectState {
  const [result, setResult] = useState<{ slug: string; state: ProspectState } | null>(null)

  useEffect(() => {
    const controller = new AbortController()
    loadProspect(slug, controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setResult({ slug, state: { status: 'loaded', data } })
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        const message = error instanceof RequestFailure ? error.message : FAILED_MESSAGE
        setResult({ slug, state: { status: 'error', message } })
      },
    )
    return () => controller.abort()
  }, [slug])

  return result?.slug === slug ? result.state : LOADING
}

/** The tab title for each state of the page. */
export function getProspectTitle(state: ProspectState): string {
  if (state.status === 'loading') return 'Loading…'
  if (state.status === 'error') return 'Error'
  return `Built for ${state.data.prospect.companyName}`
}
