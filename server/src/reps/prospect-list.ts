import { AppError } from '#core/errors.ts'
import { REP_PAGE_SIZE, type Rep, type RepProspectListResponse, type RepProspectSort } from '#core/rep-api.ts'
import type { Db } from '../data/database.ts'
import { listRepProspects } from './rep-prospects.ts'

const SORTS: readonly RepProspectSort[] = ['company', 'name', 'slug', 'updated', 'owner']
/** A search term, not a document. */
const MAX_QUERY_LENGTH = 100
/** Past this page a list of any realistic size is empty; the bound keeps the offset an int. */
const MAX_PAGE = 100_000
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * `GET prospects?q=&sort=&dir=&owner=&page=`: one page of REP_PAGE_SIZE, counted and cut by the
 * database (one call, two statements), so a list of any size costs one page's rows. Defaults:
 * everyone's, by company, ascending, page 1. A parameter it cannot read is 400 naming it.
 */
export async function listProspectPage(
  db: Db,
  params: URLSearchParams,
  rep: Rep,
): Promise<RepProspectListResponse> {
  const query = readSearch(params)
  const sort = (params.get('sort') || 'company') as RepProspectSort
  if (!SORTS.includes(sort)) invalid(`sort must be one of ${SORTS.join(', ')}.`)
  const dir = params.get('dir') || 'asc'
  if (dir !== 'asc' && dir !== 'desc') invalid('dir must be asc or desc.')
  const ownerId = readOwnerId(params, rep)
  const page = readPage(params)

  const { total, prospects } = await listRepProspects(
    db,
    {
      query,
      sort,
      descending: dir === 'desc',
      ownerId,
      offset: (page - 1) * REP_PAGE_SIZE,
      limit: REP_PAGE_SIZE,
    },
    rep.id,
  )
  return { prospects, total, page, pageSize: REP_PAGE_SIZE }
}

/** `q`: the search, trimmed; the same rule for every list of the reps' API. */
export function readSearch(params: URLSearchParams): string {
  const query = (params.get('q') ?? '').trim()
  if (query.length > MAX_QUERY_LENGTH) invalid(`Search for at most ${MAX_QUERY_LENGTH} characters.`)
  return query
}

/** `owner`: a rep's id, `me` (the signed-in rep's), or absent (everyone's, null). */
export function readOwnerId(params: URLSearchParams, rep: Rep): string | null {
  const owner = params.get('owner') || null
  if (owner !== null && owner !== 'me' && !UUID.test(owner)) invalid('owner must be "me" or a rep’s id.')
  return owner === 'me' ? rep.id : owner
}

/** `page`: 1-based, 1 when absent. */
export function readPage(params: URLSearchParams): number {
  const pageText = params.get('page') || '1'
  const page = /^\d{1,6}$/.test(pageText) ? Number(pageText) : 0
  if (page < 1 || page > MAX_PAGE) invalid(`page must be a whole number from 1 to ${MAX_PAGE}.`)
  return page
}

export function invalid(message: string): never {
  throw new AppError('bad_request', { message })
}
