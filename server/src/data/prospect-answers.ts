import type { AgentTemplateSet } from '#core/agent.ts'
import { trackBooking } from '#core/booking-tracking.ts'
import { AppError } from '#core/errors.ts'
import {
  FALLBACK_SLUG,
  getBookingLabel,
  getFirstName,
  type Prospect,
  type ProspectBooking,
  type ProspectResponse,
} from '#core/prospect.ts'
import { type DemoFeatures, describeUnavailable } from '#core/public-config.ts'
import { callFunction, type Db } from './database.ts'
import { loadProspect } from './prospects.ts'

/**
 * The longest a prospect page or answer may lag the database: an import or a delete from the
 * prospects tools (another process) shows within this time. Short enough for a rep who fixes a typo
 * and reloads, long enough that a link opened by a whole team (or a burst of link scanners) costs the
 * database one read. Split in two halves that add up to it: the server remembers a read for
 * {@link SERVER_CACHE_SECONDS}, and HTTP caches (the browser, a CDN) keep what it sent for
 * {@link HTTP_CACHE_SECONDS} more.
 */
export const PROSPECT_CACHE_SECONDS = 10
export const SERVER_CACHE_SECONDS = PROSPECT_CACHE_SECONDS / 2
export const HTTP_CACHE_SECONDS = PROSPECT_CACHE_SECONDS - SERVER_CACHE_SECONDS
/** At most this many slugs are remembered (a flood of made-up links cannot grow memory). */
const MAX_ENTRIES = 2000

/** One answer as the API sends it: the body, and its validator. */
export interface ProspectAnswer {
  response: ProspectResponse
  /** The JSON body. */
  json: string
  /** A strong validator of `json`, for `If-None-Match`. */
  etag: string
}

export interface ProspectAnswers {
  /**
   * The answer for `slug`: its prospect, else the fallback `visitor` marked `fallback: true` (an
   * unknown link still shows a demo); null when neither exists. The database's failure rejects
   * (AppError `prospect_unavailable`) and is not remembered.
   */
  get(slug: string): Promise<ProspectAnswer | null>
}

export interface ProspectAnswerOptions {
  db: Db
  /** The agent templates prospects are rendered with. */
  templates: AgentTemplateSet
  /** The demos that work for a prospect (the server's configuration decides). */
  features(prospect: Prospect): DemoFeatures
  /** Milliseconds since the epoch; tests move it. */
  now?: () => number
  /** The team's scheduling link (`CALENDLY_URL`): "Book a call" for a prospect whose rep gave none. */
  teamBookingUrl?: string | null
}

/**
 * A slug asked for in the last second of its memory is read again in the background, while the
 * remembered answer is still sent: a link in steady use never makes a request wait for the database
 * (on the embedded database a read also holds the server's one thread), and no answer is sent
 * longer than {@link SERVER_CACHE_SECONDS} after its read began.
 */
const REFRESH_AHEAD_MS = 1000

interface Remembered {
  /** When the read began, in ms since the epoch. */
  readAt: number
  answer: Promise<ProspectAnswer | null>
  /** The answer once read. */
  settled?: ProspectAnswer | null
  refreshing: boolean
}

/** Prospect reads, remembered for {@link SERVER_CACHE_SECONDS} per slug. */
export function createProspectAnswers({
  db,
  templates,
  features,
  now = Date.now,
  teamBookingUrl = null,
}: ProspectAnswerOptions): ProspectAnswers {
  const remembered = new Map<string, Remembered>()
  const lifetime = SERVER_CACHE_SECONDS * 1000

  const read = async (slug: string): Promise<ProspectAnswer | null> => {
    const prospect = await loadProspect(db, templates, slug)
    const fallback =
      prospect || slug === FALLBACK_SLUG ? null : await loadProspect(db, templates, FALLBACK_SLUG)
    const served = prospect ?? fallback
    if (!served) return null
    // The agent's purpose briefs the video call's persona on the server; pages have no use for it.
    const { purpose: _purpose, ...page } = served
    const booking = await readBooking(db, page.slug, teamBookingUrl)
    const shown: Prospect = booking ? { ...page, booking } : page
    const demos = features(shown)
    const response: ProspectResponse = {
      prospect: shown,
      fallback: !prospect,
      features: demos,
      unavailableReason: describeUnavailable(demos),
    }
    const json = JSON.stringify(response)
    return { response, json, etag: await strongEtag(json) }
  }

  /**
   * A new read of `slug`, remembered from now. An answer equal to the one it replaces keeps that
   * object, so what was made from it (a rendered page, compressed bytes) is reused, not made again.
   */
  const reread = (slug: string, previous: Remembered | undefined): Remembered => {
    const entry: Remembered = { readAt: now(), answer: Promise.resolve(null), refreshing: false }
    entry.answer = read(slug).then((fresh) => {
      const kept = previous?.settled
      entry.settled = kept && fresh && kept.json === fresh.json ? kept : fresh
      return entry.settled
    })
    return entry
  }

  const remember = (slug: string, entry: Remembered) => {
    remembered.delete(slug)
    if (remembered.size >= MAX_ENTRIES) {
      // The oldest entry first: a Map iterates in insertion order.
      for (const key of remembered.keys()) {
        remembered.delete(key)
        break
      }
    }
    remembered.set(slug, entry)
  }

  /** Reads `slug` again behind `current`, which is sent until the read lands or it expires. */
  const refresh = (slug: string, current: Remembered) => {
    current.refreshing = true
    const next = reread(slug, current)
    next.answer.then(
      () => {
        if (remembered.get(slug) === current) remembered.set(slug, next)
      },
      () => {
        current.refreshing = false
      },
    )
  }

  return {
    get(slug) {
      const hit = remembered.get(slug)
      const age = hit ? now() - hit.readAt : Number.POSITIVE_INFINITY
      if (hit && age < lifetime) {
        if (!hit.refreshing && hit.settled !== undefined && age >= lifetime - REFRESH_AHEAD_MS) {
          refresh(slug, hit)
        }
        return hit.answer
      }
      const entry = reread(slug, hit)
      remember(slug, entry)
      entry.answer.catch(() => {
        if (remembered.get(slug) === entry) remembered.delete(slug)
      })
      return entry.answer
    },
  }
}

/**
 * "Book a call" for the prospect `slug`: its owner's scheduling link with their name and photo (what a
 * prospect may see of them, never their email), else the team's link with no rep, else none. The link
 * names the prospect (core/booking-tracking.ts), so the scheduler's webhook books the right one.
 */
export async function readBooking(
  db: Db,
  slug: string,
  teamBookingUrl: string | null,
): Promise<ProspectBooking | null> {
  let owner: Awaited<ReturnType<typeof callFunction<'prospect_rep_booking'>>>
  try {
    owner = await callFunction(db, 'prospect_rep_booking', { slug })
  } catch (error) {
    throw new AppError('prospect_unavailable', { cause: error })
  }
  if (owner?.scheduling_url) {
    const name = owner.name ?? ''
    const rep = { name, firstName: getFirstName(name), photo: owner.photo }
    return { url: trackBooking(owner.scheduling_url, slug), rep, label: getBookingLabel(rep) }
  }
  return teamBookingUrl
    ? { url: trackBooking(teamBookingUrl, slug), rep: null, label: getBookingLabel(null) }
    : null
}

/** `"<sha-256 of the text, 32 hex digits>"`: Web Crypto, so Node and the edge make the same. */
async function strongEtag(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  const hex = Array.from(new Uint8Array(digest).slice(0, 16), (byte) => byte.toString(16).padStart(2, '0'))
  return `"${hex.join('')}"`
}
