import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type {
  AgentTemplateListResponse,
  FirstAdminRequest,
  ImportJobResponse,
  OwnerChangeRequest,
  ProspectFields,
  RepListResponse,
  RepProfileChange,
  RepProfileResponse,
  RepProspectDetail,
  RepProspectListResponse,
  RepProspectSort,
  SessionResponse,
  SlugCheckResponse,
} from '#core/rep-api.ts'
import type {
  WebsiteReading,
  WebsiteReadingRequest,
  WebsiteReadProgress,
  WebsiteReadRow,
} from '#core/website-reading.ts'
import { getRepApiUrl, getRepHeaders, readRepAnswer, requestRep } from './rep-client.ts'

/** The reps' API, one function per request of core/rep-api.ts. */

export const getSession = (signal: AbortSignal) => requestRep<SessionResponse>('session', { signal })

export const signIn = (email: string, password: string) =>
  requestRep<SessionResponse>('session', { method: 'POST', json: { email, password } })

export const setPassword = (token: string, password: string) =>
  requestRep<SessionResponse>('password', { method: 'POST', json: { token, password } })

/** The first admin, from the setup link's token (core/rep-api.ts, `POST setup`). */
export const setUpFirstAdmin = (request: FirstAdminRequest) =>
  requestRep<SessionResponse>('setup', { method: 'POST', json: request })

export const signOut = () => requestRep<undefined>('session', { method: 'DELETE' })

export interface ListQuery {
  q: string
  sort: RepProspectSort
  dir: 'asc' | 'desc'
  /** 'me' (the list opens on the rep's own), 'all' for every rep's prospects, or a rep's id. */
  owner: string
  page: number
}

/** The list's query string, in one fixed order (it is also the key of the answer). */
export function getListSearch({ q, sort, dir, owner, page }: ListQuery): string {
  const params = new URLSearchParams({ q, sort, dir })
  // The API's own default is everyone's, so "all" is the owner left out.
  if (owner !== 'all') params.set('owner', owner)
  params.set('page', String(page))
  return params.toString()
}

export const listProspects = (search: string, signal: AbortSignal) =>
  requestRep<RepProspectListResponse>(`prospects?${search}`, { signal })

export const listReps = (signal: AbortSignal) => requestRep<RepListResponse>('reps', { signal })

export const getProspect = (slug: string, signal: AbortSignal) =>
  requestRep<RepProspectDetail>(`prospects/${encodeURIComponent(slug)}`, { signal })

export const checkSlug = (slug: string, signal: AbortSignal) =>
  requestRep<SlugCheckResponse>(`slugs/${encodeURIComponent(slug)}`, { signal })

/**
 * Creates a prospect (`original` null) or saves one under its `original` slug, perhaps renamed; with
 * `ownerId` (an admin's choice of owner; null: nobody) the owner too, else a new one is the rep's and
 * a saved one keeps its owner.
 */
export const saveProspect = (fields: ProspectFields, original: string | null, ownerId?: string | null) => {
  const json = ownerId === undefined ? fields : { fields, ownerId }
  return original === null
    ? requestRep<RepProspectDetail>('prospects', { method: 'POST', json })
    : requestRep<RepProspectDetail>(`prospects/${encodeURIComponent(original)}`, { method: 'PUT', json })
}

/** Gives the prospect to a rep (null: nobody): an admin reassigning, or a rep taking it over. */
export const changeProspectOwner = (slug: string, ownerId: string | null) =>
  requestRep<RepProspectDetail>(`prospects/${encodeURIComponent(slug)}/owner`, {
    method: 'PUT',
    json: { ownerId } satisfies OwnerChangeRequest,
  })

export const deleteProspect = (slug: string) =>
  requestRep<undefined>(`prospects/${encodeURIComponent(slug)}`, { method: 'DELETE' })

export const getAgentTemplates = (signal: AbortSignal) =>
  requestRep<AgentTemplateListResponse>('templates', { signal })

/** An import's job: how far it has got, then what it did (or why it failed). */
export const getImportJob = (id: string, signal: AbortSignal) =>
  requestRep<ImportJobResponse>(`imports/${encodeURIComponent(id)}`, { signal })

/**
 * Reads a prospect's website now and answers what it proposes (core/website-reading.ts); up to ~10 s.
 * Refused with the reason in words a rep reads: 422 `website_unreadable`, 429, 503 `website_reader_off`.
 */
export const readWebsite = (website: string, signal: AbortSignal) =>
  requestRep<WebsiteReading>('website-readings', {
    method: 'POST',
    json: { website } satisfies WebsiteReadingRequest,
    signal,
  })

/** How far the background reading of an import's websites has got, and the sites that could not be read. */
export const getImportWebsites = (id: string, signal: AbortSignal) =>
  requestRep<WebsiteReadProgress>(`imports/${encodeURIComponent(id)}/websites`, { signal })

/** Reads one prospect's website again in the background (202 with its row, queued). */
export const rereadWebsite = (slug: string) =>
  requestRep<{ row: WebsiteReadRow }>(`prospects/${encodeURIComponent(slug)}/website-read`, {
    method: 'POST',
  })

/** The rep's own profile (core/rep-api.ts, `GET profile`). */
export const getProfile = (signal: AbortSignal) => requestRep<RepProfileResponse>('profile', { signal })

/** Saves the name and scheduling link (empty clears); the photo stays as it is. */
export const saveProfile = (change: RepProfileChange) =>
  requestRep<RepProfileResponse>('profile', { method: 'PUT', json: change })

export const removeProfilePhoto = () => requestRep<RepProfileResponse>('profile/photo', { method: 'DELETE' })

/** Sends a picture to be the rep's photo (`PUT profile/photo`, the file as the body, its own type). */
export async function uploadProfilePhoto(file: Blob): Promise<RepProfileResponse> {
  let res: Response
  try {
    res = await fetch(getRepApiUrl('profile/photo'), {
      method: 'PUT',
      credentials: 'same-origin',
      headers: getRepHeaders('PUT', file.type || 'application/octet-stream'),
      body: file,
    })
  } catch (cause) {
    throw new RequestFailure('unavailable', UNAVAILABLE_MESSAGE, 0, { cause })
  }
  return readRepAnswer<RepProfileResponse>(res)
}
