/**
 * The tab's visits, for the engagement reporter (browser only): per prospect, the visit the server
 * began for this tab (its id and token, from `POST /api/visits`), in the order they began. Kept in
 * `sessionStorage` under one key, so a reload or a move between our pages is the same visit and
 * another tab is a new one; nothing outlives the tab and nothing is shared with another site. Where
 * storage throws (a sandboxed iframe, some privacy modes) the visits live in memory, for this page only.
 */
import { VISIT_ID_PATTERN, VISIT_TOKEN_PATTERN } from './engagement.ts'

export const VISIT_STORAGE_KEY = 'voice-demo:visits'

export interface Visit {
  id: string
  token: string
}

/** Slug to visit, in the order the visits began (a Map's order survives JSON as an array). */
type Visits = [slug: string, visit: Visit][]

/** Set once storage has failed: from then on the visits are these. */
let inMemory: Visits | null = null

export const isVisit = (value: unknown): value is Visit =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Visit).id === 'string' &&
  VISIT_ID_PATTERN.test((value as Visit).id) &&
  typeof (value as Visit).token === 'string' &&
  VISIT_TOKEN_PATTERN.test((value as Visit).token)

function parseVisits(json: string | null): Visits {
  try {
    const stored = JSON.parse(json ?? '[]') as unknown
    if (!Array.isArray(stored)) return []
    return stored.filter(
      (entry): entry is [string, Visit] =>
        Array.isArray(entry) && typeof entry[0] === 'string' && isVisit(entry[1]),
    )
  } catch {
    return [] // not ours, or damaged: no visit yet
  }
}

function readVisits(): Visits {
  if (inMemory) return inMemory
  try {
    return parseVisits(sessionStorage.getItem(VISIT_STORAGE_KEY))
  } catch {
    inMemory = []
    return inMemory
  }
}

function saveVisits(visits: Visits): void {
  if (inMemory) {
    inMemory = visits
    return
  }
  try {
    sessionStorage.setItem(VISIT_STORAGE_KEY, JSON.stringify(visits))
  } catch {
    inMemory = visits
  }
}

/** This tab's visit of `slug`'s page; undefined before the server began one. */
export const getVisit = (slug: string): Visit | undefined => readVisits().find(([key]) => key === slug)?.[1]

/** The id of this tab's visit of `slug`'s page, for a call's metadata; null before there is one. */
export const getVisitId = (slug: string): string | null => getVisit(slug)?.id ?? null

/** Keeps the visit the server began for `slug` in this tab. */
export function keepVisit(slug: string, visit: Visit): void {
  saveVisits([...readVisits().filter(([key]) => key !== slug), [slug, visit]])
}

/** The prospect whose visit began last in this tab; null before any. */
export const getLastOpened = (): string | null => readVisits().at(-1)?.[0] ?? null
