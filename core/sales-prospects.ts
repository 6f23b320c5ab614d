/**
 * `GET` here, with `Authorization: Bearer <SALES_TOOLS_SECRET>`, lists prospects for the sales reps'
 * snippet page (`?q=` filters). Not under `/api/prospects`, whose promise is one prospect per request
 * by exact slug: this is the one listing route, and only the operator's key opens it.
 */
export const SALES_PROSPECTS_PATH = '/api/sales/prospects'

/** At most this many prospects per answer: enough to pick from, too few to be a scrape. */
export const SALES_PROSPECTS_LIMIT = 50

/** The longest `q` accepted; a search term, not a document. */
export const SALES_QUERY_MAX_LENGTH = 100

/** What a listing shows of a prospect: enough to recognise and pick it, nothing of its agent. */
export interface SalesProspect {
  slug: string
  name: string
  companyName: string
}

/** Answer of `GET /api/sales/prospects`: matches ordered by company name. */
export interface SalesProspectsResponse {
  prospects: SalesProspect[]
}
