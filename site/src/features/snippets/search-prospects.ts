import { RequestFailure, readErrorResponse, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import {
  SALES_PROSPECTS_PATH,
  type SalesProspect,
  type SalesProspectsResponse,
} from '#core/sales-prospects.ts'
import { getApiUrl } from '../../lib/api-url.ts'

const isSalesProspect = (value: unknown): value is SalesProspect => {
  const { slug, name, companyName } = (value ?? {}) as Record<string, unknown>
  return typeof slug === 'string' && typeof name === 'string' && typeof companyName === 'string'
}

/**
 * Asks `GET /api/sales/prospects?q=` with the sales key as a bearer token. Rejects with a RequestFailure
 * carrying the API's message (a wrong key, the list turned off); an abort rejects as is.
 */
export async function searchProspects(
  query: string,
  key: string,
  signal: AbortSignal,
): Promise<SalesProspect[]> {
  let res: Response
  try {
    res = await fetch(getApiUrl(`${SALES_PROSPECTS_PATH}?q=${encodeURIComponent(query)}`), {
      signal,
      headers: { accept: 'application/json', authorization: `Bearer ${key}` },
    })
  } catch (cause) {
    if (signal.aborted) throw cause
    throw new RequestFailure('unavailable', UNAVAILABLE_MESSAGE, 0, { cause })
  }
  if (!res.ok) throw await readErrorResponse(res)
  const body = (await res.json().catch(() => null)) as Partial<SalesProspectsResponse> | null
  const prospects = body?.prospects
  if (!Array.isArray(prospects) || !prospects.every(isSalesProspect)) {
    throw new RequestFailure('unavailable', UNAVAILABLE_MESSAGE, res.status)
  }
  return prospects
}
