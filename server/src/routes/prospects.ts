import { Hono } from 'hono'
import { AppError } from '#core/errors.ts'
import { isValidSlug, type Prospect, prospectNotFoundMessage } from '#core/prospect.ts'
import type { DemoFeatures, PublicConfig } from '#core/public-config.ts'
import type { PhoneCallSettings } from '../calls/place-phone-call.ts'
import { matchesEtag } from '../common/etag.ts'
import { HTTP_CACHE_SECONDS, type ProspectAnswer, type ProspectAnswers } from '../data/prospect-answers.ts'
import {
  type Bytes,
  type EncodeBody,
  type EncodedFile,
  pickEncoding,
  UNCOMPRESSED,
} from '../static/encoded-file.ts'

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
 * and CDNs briefly. Each answer is compressed once (`encode`), not once per request: under load,
 * compressing a stream per request cost more than everything else the route does.
 */
export function prospectRoutes(answers: ProspectAnswers, encode: EncodeBody = UNCOMPRESSED): Hono {
  const encoded = new WeakMap<ProspectAnswer, Promise<EncodedFile>>()
  const encodeOnce = (answer: ProspectAnswer) => {
    let file = encoded.get(answer)
    if (!file) {
      file = encode(new TextEncoder().encode(answer.json) as Bytes)
      encoded.set(answer, file)
    }
    return file
  }
  return new Hono().get('/:slug', async (c) => {
    const slug = c.req.param('slug')
    if (!isValidSlug(slug)) throw new AppError('slug_invalid')
    const answer = await answers.get(slug)
    if (!answer) throw new AppError('prospect_not_found', { message: prospectNotFoundMessage(slug) })
    const headers: Record<string, string> = {
      ETag: answer.etag,
      // Browsers and CDNs keep it for the other half of the lag a change may have, then revalidate
      // (a 304 is cheap). Fresh, not max-age=0: Chromium reuses the older snippet's preload of this
      // URL only while the preloaded answer is fresh.
      'Cache-Control': `public, max-age=${HTTP_CACHE_SECONDS}`,
      Vary: 'Accept-Encoding',
    }
    if (matchesEtag(c.req.header('If-None-Match'), answer.etag)) return c.body(null, 304, headers)
    const file = await encodeOnce(answer)
    const encoding = pickEncoding(file, c.req.header('Accept-Encoding'))
    const body = encoding ? (file[encoding] ?? file.identity) : file.identity
    // A compressed body is another representation: its validator is weak (revalidation still
    // matches, the comparison is weak).
    if (encoding) Object.assign(headers, { 'Content-Encoding': encoding, ETag: `W/${answer.etag}` })
    // With its length known, the app's compression leaves a body alone that is too small to gain.
    headers['Content-Length'] = String(body.length)
    return c.body(body, 200, { ...headers, 'Content-Type': 'application/json' })
  })
}
