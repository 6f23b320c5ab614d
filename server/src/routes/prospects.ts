import type { SupabaseClient } from '@supabase/supabase-js'
import { Hono } from 'hono'
import { AppError } from '../../../core/errors.ts'
import {
  FALLBACK_SLUG,
  isValidSlug,
  type ProspectResponse,
  prospectNotFoundMessage,
} from '../../../core/prospect.ts'
import { loadProspect } from '../data/prospects.ts'

/** `GET /:slug`: the prospect, else the fallback `visitor` marked `fallback: true` (SPEC §5). */
export function prospectRoutes(deps: { supabase: SupabaseClient }): Hono {
  return new Hono().get('/:slug', async (c) => {
    const slug = c.req.param('slug')
    if (!isValidSlug(slug)) throw new AppError('slug_invalid')
    const prospect = await loadProspect(deps.supabase, slug)
    if (prospect) return c.json({ prospect, fallback: false } satisfies ProspectResponse)
    const fallback = slug === FALLBACK_SLUG ? null : await loadProspect(deps.supabase, FALLBACK_SLUG)
    if (fallback) return c.json({ prospect: fallback, fallback: true } satisfies ProspectResponse)
    throw new AppError('prospect_not_found', { message: prospectNotFoundMessage(slug) })
  })
}
