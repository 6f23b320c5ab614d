import { Hono } from 'hono'
import { AppError } from '#core/errors.ts'
import { isValidSlug, type Prospect, prospectNotFoundMessage } from '#core/prospect.ts'
import type { DemoFeatures, PublicConfig } from '#core/public-config.ts'
import type { PhoneCallSettings } from '../calls/place-phone-call.ts'
import { HTTP_CACHE_SECONDS, type ProspectAnswers } from '../data/prospect-answers.ts'
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
 * (`answers`), carry an ETag (a revalidation gets 304 without a body) and may be kept by browsers
 * and CDNs briefly.
 */
export function prospectRoutes(answers: ProspectAnswers): Hono {
  return new Hono().get('/:slug', async (c) => {
    const slug = c.req.param('slug')
    if (!isValidSlug(slug)) throw new AppError('slug_invalid')
    const answer = await answers.get(slug)
    if (!answer) throw new AppError('prospect_not_found', { message: prospectNotFoundMessage(slug) })
    const headers = {
      ETag: answer.etag,
      // Browsers and CDNs keep it for the other half of the lag a change may have, then revalidate
      // (a 304 is cheap). Fresh, not max-age=0: Chromium reuses the older snippet's preload of this
      // URL only while the preloaded answer is fresh.
      'Cache-Control': `public, max-age=${HTTP_CACHE_SECONDS}`,
    }
    if (matchesEtag(c.req.header('If-None-Match'), answer.etag)) return c.body(null, 304, headers)
    return c.body(answer.json, 200, { ...headers, 'Content-Type': 'application/json' })
  })
}
