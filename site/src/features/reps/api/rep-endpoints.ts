import type {
  AgentTemplateListResponse,
  ImportJobResponse,
  ProspectFields,
  RepListResponse,
  RepProspectDetail,
  RepProspectListResponse,
  RepProspectSort,
  SessionResponse,
  SlugCheckResponse,
} from '#core/rep-api.ts'
import { requestRep } from './rep-client.ts'

/** The reps' API, one function per request of core/rep-api.ts. */

export const getSession = (signal: AbortSignal) => requestRep<SessionResponse>('session', { signal })

export const signIn = (email: string, password: string) =>
  requestRep<SessionResponse>('session', { method: 'POST', json: { email, password } })

export const setPassword = (token: string, password: string) =>
  requestRep<SessionResponse>('password', { method: 'POST', json: { token, password } })

export const signOut = () => requestRep<undefined>('session', { method: 'DELETE' })

export interface ListQuery {
  q: string
  sort: RepProspectSort
  dir: 'asc' | 'desc'
  /** '' for every rep's prospects, 'me', or a rep's id. */
  owner: string
  page: number
}

/** The list's query string, in one fixed order (it is also the key of the answer). */
export function getListSearch({ q, sort, dir, owner, page }: ListQuery): string {
  const params = new URLSearchParams({ q, sort, dir })
  if (owner !== '') params.set('owner', owner)
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

/** Creates a prospect (`original` null) or saves one under its `original` slug, perhaps renamed. */
export const saveProspect = (fields: ProspectFields, original: string | null) =>
  original === null
    ? requestRep<RepProspectDetail>('prospects', { method: 'POST', json: fields })
    : requestRep<RepProspectDetail>(`prospects/${encodeURIComponent(original)}`, {
        method: 'PUT',
        json: fields,
      })

export const deleteProspect = (slug: string) =>
  requestRep<undefined>(`prospects/${encodeURIComponent(slug)}`, { method: 'DELETE' })

export const getAgentTemplates = (signal: AbortSignal) =>
  requestRep<AgentTemplateListResponse>('templates', { signal })

/** An import's job: how far it has got, then what it did (or why it failed). */
export const getImportJob = (id: string, signal: AbortSignal) =>
  requestRep<ImportJobResponse>(`imports/${encodeURIComponent(id)}`, { signal })
