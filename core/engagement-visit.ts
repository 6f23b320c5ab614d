/**
 * The tab's visit, for the engagement reporter (browser only): a random id, the slugs whose page
 * already counted as opened in it, and the visit token of each prospect the tab was shown (which
 * events about that prospect must carry; see core/engagement.ts). Kept in `sessionStorage` under one key, so a reload or a move
 * between our pages is the same visit and another tab is a new one; nothing outlives the tab and
 * nothing is shared with another site. Where storage throws (a sandboxed iframe, some privacy modes)
 * the visit lives in memory, for this page only.
 */
import { VISIT_ID_PATTERN, VISIT_TOKEN_PATTERN } from './engagement.ts'

export const VISIT_STORAGE_KEY = 'voice-demo:visit'

interface Visit {
  id: string
  /** Slugs reported as opened in this visit: each counts once. */
  opened: string[]
  /** The latest visit token of each prospect shown, by slug. */
  tokens: Record<string, string>
}

/** Set once storage has failed: from then on the visit is this one. */
let inMemory: Visit | null = null

/** A random id: a UUID where the page is a secure context, else 32 random hex digits. */
function createVisitId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('')
}

function parseVisit(json: string | null): Visit | null {
  try {
    const visit = JSON.parse(json ?? 'null') as Partial<Visit> | null
    const { id, opened, tokens } = visit ?? {}
    if (typeof id !== 'string' || !VISIT_ID_PATTERN.test(id) || !Array.isArray(opened)) return null
    return {
      id,
      opened: opened.filter((slug): slug is string => typeof slug === 'string'),
      // A visit stored before tokens has none: its pages' next answers bring them.
      tokens: Object.fromEntries(
        Object.entries(tokens ?? {}).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' && VISIT_TOKEN_PATTERN.test(entry[1]),
        ),
      ),
    }
  } catch {
    return null // not ours, or damaged: a new visit
  }
}

function saveVisit(visit: Visit): void {
  if (inMemory) {
    inMemory = visit
    return
  }
  try {
    sessionStorage.setItem(VISIT_STORAGE_KEY, JSON.stringify(visit))
  } catch {
    inMemory = visit
  }
}

function readVisit(): Visit {
  if (inMemory) return inMemory
  try {
    const stored = parseVisit(sessionStorage.getItem(VISIT_STORAGE_KEY))
    if (stored) return stored
  } catch {
    inMemory = { id: createVisitId(), opened: [], tokens: {} }
    return inMemory
  }
  const visit = { id: createVisitId(), opened: [], tokens: {} }
  saveVisit(visit)
  return visit
}

/** The tab's visit id, made on first use. */
export const getVisitId = (): string => readVisit().id

/** Whether `slug`'s page already counted as opened in this visit. */
export const wasOpened = (slug: string): boolean => readVisit().opened.includes(slug)

/** Records that `slug`'s page counted as opened in this visit. */
export function markOpened(slug: string): void {
  const visit = readVisit()
  if (!visit.opened.includes(slug)) saveVisit({ ...visit, opened: [...visit.opened, slug] })
}

/** The slug most recently counted as opened in this visit; null before any. */
export const getLastOpened = (): string | null => readVisit().opened.at(-1) ?? null

/** Keeps `token`, the visit token a prospect answer for `slug` carried, for the events about `slug`. */
export function rememberVisitToken(slug: string, token: string): void {
  const visit = readVisit()
  if (visit.tokens[slug] !== token) saveVisit({ ...visit, tokens: { ...visit.tokens, [slug]: token } })
}

/** Where this page's code learns tokens as answers come (the widget's answers), if it does. */
let tokenSource: ((slug: string) => string | undefined) | undefined

/** Sets where {@link getVisitToken} looks first: the tokens this page's answers carried. */
export function setVisitTokenSource(source: (slug: string) => string | undefined): void {
  tokenSource = source
}

/**
 * The visit token for `slug`: the latest this page's answers carried (kept with the visit, so the
 * tab's other pages have it too), else the one the visit kept; undefined when the tab saw no answer
 * for that prospect.
 */
export function getVisitToken(slug: string): string | undefined {
  const latest = tokenSource?.(slug)
  if (latest && VISIT_TOKEN_PATTERN.test(latest)) rememberVisitToken(slug, latest)
  return readVisit().tokens[slug]
}
