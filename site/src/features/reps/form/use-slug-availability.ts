import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { isValidSlug } from '#core/prospect.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { checkSlug } from '../api/rep-endpoints.ts'

/** Long enough that a slug being typed is not asked about letter by letter. */
export const SLUG_CHECK_DELAY_MS = 400

export type SlugAvailability =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available' }
  | { status: 'taken'; reason: string }
  | { status: 'error'; message: string }

/**
 * Whether the typed slug is free (`GET slugs/:slug`), asked once typing pauses. Not asked for a slug
 * that breaks the rule (the form already says why) nor for the prospect's own slug. Each answer
 * belongs to its slug: an answer for a slug no longer typed is dropped, however late it comes.
 */
export function useSlugAvailability(slug: string, original: string | null): SlugAvailability {
  const asked = slug.trim()
  const key = isValidSlug(asked) && asked !== original ? asked : null
  const state = useKeyedLoad(key, checkSlug, {
    failedMessage: UNAVAILABLE_MESSAGE,
    delayMs: SLUG_CHECK_DELAY_MS,
  })
  switch (state.status) {
    case 'idle':
      return state
    case 'loading':
      return { status: 'checking' }
    case 'error':
      return state
    case 'done':
      return state.value.available
        ? { status: 'available' }
        : { status: 'taken', reason: state.value.reason ?? 'Another prospect already has this link.' }
  }
}
