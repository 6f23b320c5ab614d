import type { AgentTemplateSource } from './agent-template.ts'
import type { FieldErrors, ProspectFields } from './prospect-fields.ts'

/**
 * The sales reps' API: what the signed-in pages under `/_/` ask the server, and what the server
 * answers. Every path here is under {@link REP_API_PATH}; every answer carries
 * `Cache-Control: no-store`. Errors use the catalogue's body (`{ error: { code, message } }`), with
 * `fields` (form errors, one message per field) or `problems` (CSV rows) where this file says so.
 *
 * Session: `POST session` sets an HttpOnly cookie ({@link REP_SESSION_COOKIE}) and answers the rep and
 * a CSRF token. Every request that changes something (POST, PUT, DELETE; sign-in and setting a
 * password excepted, which need no session) must send that token in {@link CSRF_HEADER}; without it,
 * or with another session's token, the answer is 403 `csrf_failed`. Without a valid session any path
 * but `session` (POST) and `password` answers 401 `signed_out`.
 */
export const REP_API_PATH = '/api/reps'

/**
 * The reps' page of the prospects; each prospect's page for reps is this, `/`, and its slug. The
 * nudges to the reps' chat link there, so the server builds it as the pages do.
 */
export const REP_PROSPECTS_PAGE = '/_/prospects'

/** The cookie that carries a rep's session token (the token itself is stored only as a hash). */
export const REP_SESSION_COOKIE = 'rep_session'
/** The request header that carries the session's CSRF token on every state-changing request. */
export const CSRF_HEADER = 'X-CSRF-Token'

/** A page of the rep list holds this many prospects; the server pages, the browser never loads all. */
export const REP_PAGE_SIZE = 50

export type RepRole = 'admin' | 'rep'

/** A rep as the pages show one. */
export interface Rep {
  id: string
  email: string
  role: RepRole
}

/** `GET session`, `POST session` `{ email, password }`, `POST password` `{ token, password }`. */
export interface SessionResponse {
  rep: Rep
  csrfToken: string
}

/** Who did something, and when (ISO 8601). `rep` is null when it was the command line. */
export interface Stamp {
  at: string
  rep: Rep | null
}

/** A row of the list. */
export interface RepProspectSummary {
  slug: string
  name: string
  companyName: string
  owner: Rep | null
  updated: Stamp
}

export type RepProspectSort = 'company' | 'name' | 'slug' | 'updated' | 'owner'

/**
 * `GET prospects?q=&sort=&dir=asc|desc&owner=<rep id>|me&page=1`: one page (1-based) of matches of
 * `q` (slug, name or company, case-insensitive), never the fallback prospect.
 */
export interface RepProspectListResponse {
  prospects: RepProspectSummary[]
  /** All matches, for "1–50 of 9,812" and the page count. */
  total: number
  page: number
  pageSize: number
}

export type AuditAction = 'create' | 'update' | 'delete' | 'import'

/** One line of a prospect's history; kept after the prospect is deleted. */
export interface AuditEntry {
  action: AuditAction
  slug: string
  stamp: Stamp
  /** The fields an update changed (names only). */
  changed: string[]
}

/**
 * `GET prospects/:slug`, and the answer of `POST prospects` (201) and `PUT prospects/:slug`. A
 * deleted prospect answers 404 `prospect_not_found`, but `GET prospects/:slug/history` still answers
 * its trail.
 */
export interface RepProspectDetail {
  fields: ProspectFields
  /** The agent as its page and calls serve it now: the template rendered, or the overrides. */
  agent: { firstMessage: string; system: string }
  owner: Rep | null
  created: Stamp
  updated: Stamp
  history: AuditEntry[]
}

/** `GET prospects/:slug/history`: the trail, newest first; 404 when the slug never had a prospect. */
export interface ProspectHistoryResponse {
  history: AuditEntry[]
}

/** `GET slugs/:slug`: whether a new prospect may take it; `reason` says why not, for a person. */
export interface SlugCheckResponse {
  available: boolean
  reason: string | null
}

/**
 * `POST prospects` and `PUT prospects/:slug` with {@link ProspectFields} (and optionally
 * `ownerId`): 422 `prospect_invalid` with `fields` when a field breaks the rule, 409 `slug_taken`
 * when the slug belongs to another prospect. `DELETE prospects/:slug`: 204.
 */
export type { FieldErrors, ProspectFields }

/** The request header of `POST imports` that names one file's import: the same key, the same job. */
export const IMPORT_KEY_HEADER = 'Idempotency-Key'

/** What an import did, once done: the same as the command line's. */
export interface ImportResult {
  inserted: number
  updated: number
  unchanged: number
  /** One per row, in file order: the page link of each prospect. */
  links: { slug: string; url: string }[]
}

/** `queued` → `running` (rows staged, `done` of `total`, then written all at once) → `done` or `failed`. */
export type ImportJobStatus = 'queued' | 'running' | 'done' | 'failed'

/** An import: checked whole when it was sent, then written in the background, all of it or none. */
export interface ImportJob {
  id: string
  status: ImportJobStatus
  /** The file's rows. */
  total: number
  /** Rows on their way so far; none of them is saved until every one is (status `done`). */
  done: number
  /** Once `done`. */
  result: ImportResult | null
  /** Once `failed`: what went wrong, for the rep; nothing was imported. */
  error: string | null
  createdAt: string
  updatedAt: string
}

/**
 * `POST imports` with the CSV as the body (`Content-Type: text/csv`) and {@link IMPORT_KEY_HEADER}:
 * 422 `import_invalid` with `problems` (line numbers of the file) when any row is bad, nothing
 * stored; else 202 with the import and its address in `Location`, or with the import this key made
 * before (never written twice); 409 `import_key_reused` when that was for another file.
 * `GET imports/:id`: 200 with the import, to the rep who sent it (404 `import_not_found` to others).
 */
export interface ImportJobResponse {
  import: ImportJob
}

/**
 * `GET templates`: the agent templates a prospect may name, as written (placeholders and all), in the
 * order to offer them, the general one first. The form renders them as the rep types, with core/agent-template.ts.
 */
export interface AgentTemplateListResponse {
  templates: AgentTemplateSource[]
}

/** `GET reps`: every rep, for the owner filter (admins also see disabled ones, marked). */
export interface RepListResponse {
  reps: (Rep & { disabled: boolean })[]
}
