import { Hono } from 'hono'
import { AppError } from '#core/errors.ts'
import {
  FALLBACK_SLUG,
  isValidSlug,
  type Prospect,
  type ProspectResponse,
  prospectNotFoundMessage,
} from '#core/prospect.ts'
import type { DemoFeatures, PublicConfig } from '#core/public-config.ts'
import type { PhoneCallSettings } from '../calls/place-phone-call.ts'
import type { Db } from '../data/database.ts'
import { loadProspect } from '../data/prospects.ts'

export interface ProspectRouteDeps {
  supabase: Db
  publicConfig: PublicConfig
  phoneCalls?: Pick<PhoneCallSettings, 'vapi' | 'defaultAssistantId'> | undefined
}

/**
 * The demos that work for `prospect`: a call needs the platform's keys and an assistant, the
 * prospect's own or the configured default. The widget offers nothing else.
 */
export function getDemoFeatures(prospect: Prospect, deps: ProspectRouteDeps): DemoFeatures {
  const { voice, features } = deps.publicConfig
  const phone = deps.phoneCalls
  return {
    browserCall: voice !== null && (prospect.assistantId ?? voice.defaultAssistantId) !== null,
    phoneCall: Boolean(phone?.vapi) && (prospect.assistantId ?? phone?.defaultAssistantId ?? null) !== null,
    videoCall: features.videoCall,
  }
}

/**
 * `GET /:slug`: the prospect, else the fallback `visitor` marked `fallback: true` (an unknown link
 * still shows a demo), with the demos that work for it.
 */
export function prospectRoutes(deps: ProspectRouteDeps): Hono {
  const answer = (prospect: Prospect, fallback: boolean): ProspectResponse => ({
    prospect,
    fallback,
    features: getDemoFeatures(prospect, deps),
  })
  return new Hono().get('/:slug', async (c) => {
    const slug = c.req.param('slug')
    if (!isValidSlug(slug)) throw new AppError('slug_invalid')
    const prospect = await loadProspect(deps.supabase, slug)
    if (prospect) return c.json(answer(prospect, false))
    const fallback = slug === FALLBACK_SLUG ? null : await loadProspect(deps.supabase, FALLBACK_SLUG)
    if (fallback) return c.json(answer(fallback, true))
    throw new AppError('prospect_not_found', { message: prospectNotFoundMessage(slug) })
  })
}
