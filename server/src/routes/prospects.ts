import { Hono } from 'hono'
import { AppError } from '#core/errors.ts'
import { isValidSlug, type Prospect, prospectNotFoundMessage } from '#core/prospect.ts'
import type { DemoFeatures, PublicConfig } from '#core/public-config.ts'
import type { PhoneCallSettings } from '../calls/place-phone-call.ts'
import { PROSPECT_CACHE_SECONDS, type ProspectAnswers } from '../data/prospect-answers.ts'
import { matchesEtag } from '../shared/etag.ts'

export interface ProspectRouteDeps {
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
 * still shows a demo), with the demos that work for it. Answers come from memory for a few seconds
 * (`answers`), carry an ETag (a revalidation gets 304 without a body) and may be kept by a CDN for
 * as long as the server keeps them.
 */
export function prospectRoutes(answers: ProspectAnswers): Hono {
  return new Hono().get('/:slug', async (c) => {
    const slug = c.req.param('slug')
    if (!isValidSlug(slug)) throw new AppError('slug_invalid')
    const answer = await answers.get(slug)
    if (!answer) throw new AppError('prospect_not_found', { message: prospectNotFoundMessage(slug) })
    const headers = {
      ETag: answer.etag,
      // Browsers ask again each time (a 304 is cheap); shared caches may answer for as long as we do.
      'Cache-Control': `public, max-age=0, s-maxage=${PROSPECT_CACHE_SECONDS}, stale-while-revalidate=${PROSPECT_CACHE_SECONDS}`,
    }
    if (matchesEtag(c.req.header('If-None-Match'), answer.etag)) return c.body(null, 304, headers)
    return c.body(answer.json, 200, { ...headers, 'Content-Type': 'application/json' })
  })
}
