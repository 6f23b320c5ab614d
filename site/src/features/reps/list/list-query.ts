import type { RepProspectSort } from '#core/rep-api.ts'
import type { ListQuery } from '../api/rep-endpoints.ts'

export const SORTS: readonly RepProspectSort[] = ['company', 'name', 'slug', 'updated', 'owner']

/**
 * The list as it opens: the rep's own prospects (the ones they work; everyone's is one choice away,
 * `owner=all`), by company, A to Z, the first page.
 */
export const DEFAULT_QUERY: ListQuery = { q: '', sort: 'company', dir: 'asc', owner: 'me', page: 1 }

/** The list's state from the address (`?q=&sort=&dir=&owner=&page=`); what it cannot read is the default. */
export function parseListQuery(search: string): ListQuery {
  const params = new URLSearchParams(search)
  const sort = SORTS.find((name) => name === params.get('sort')) ?? DEFAULT_QUERY.sort
  const dir = params.get('dir') === 'desc' ? 'desc' : 'asc'
  const page = Number(params.get('page'))
  return {
    q: params.get('q') ?? '',
    sort,
    dir,
    owner: params.get('owner') || DEFAULT_QUERY.owner,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  }
}

/** The address for a state: only what differs from the defaults, so the plain list is plain `/_/prospects`. */
export function formatListQuery(query: ListQuery): string {
  const params = new URLSearchParams()
  if (query.q !== '') params.set('q', query.q)
  if (query.sort !== DEFAULT_QUERY.sort || query.dir !== DEFAULT_QUERY.dir) {
    params.set('sort', query.sort)
    params.set('dir', query.dir)
  }
  if (query.owner !== DEFAULT_QUERY.owner) params.set('owner', query.owner)
  if (query.page !== 1) params.set('page', String(query.page))
  const search = params.toString()
  return search === '' ? '' : `?${search}`
}

/** Dates read best newest first; names A to Z. */
export const getFirstDirection = (sort: RepProspectSort): 'asc' | 'desc' =>
  sort === 'updated' ? 'desc' : 'asc'
