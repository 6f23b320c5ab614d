import { randomBytes } from 'node:crypto'
import { Hono } from 'hono'
import { z } from 'zod'
import {
  EMBED_KEY_LABEL_MAX,
  EMBED_KEY_LABEL_MESSAGE,
  EMBED_KEY_PREFIX,
  EMBED_SEARCH_DEFAULT,
  EMBED_SEARCH_MAX,
  type EmbedKey,
  type EmbedKeyCreated,
  type EmbedKeyInfoResponse,
  type EmbedKeyListResponse,
  type EmbedProspectsResponse,
} from '#core/embed-keys.ts'
import { AppError } from '#core/errors.ts'
import { getProspectPageUrl } from '#core/prospect.ts'
import { createKeyedHash } from '../common/keyed-hash.ts'
import { limitBody } from '../common/limit-body.ts'
import { HOUR_S, toRateLimitError } from '../common/rate-limit-error.ts'
import { readJsonBody } from '../common/read-json-body.ts'
import { callFunction } from '../data/database.ts'
import type { EmbedKeyRow } from '../data/embed-key-database.ts'
import { checkRateLimits } from '../data/rate-limits.ts'
import { readSearch } from './prospect-list.ts'
import type { RepEnv } from './rep-guards.ts'
import { toIso } from './rep-prospects.ts'
import type { RepApiDeps } from './rep-settings.ts'
import { hashToken } from './tokens.ts'

/** A rep's live keys: a site each, a few tries; more is a sign of keys made and never revoked. */
const MAX_KEYS_PER_REP = 50
/**
 * The embed API's requests an hour, per key and per address. The plugin asks from the site's server,
 * so every editor of a site shares both: a search typed by several people in an afternoon stays far
 * below, a script trying keys does not.
 */
export const EMBED_REQUESTS_PER_KEY_HOUR = 1200
export const EMBED_REQUESTS_PER_ADDRESS_HOUR = 2400
const RATE_MESSAGES = [
  ['embed:ip:', (wait: string) => `Too many requests from this site's server. Please try again ${wait}.`],
  ['embed:key:', (wait: string) => `Too many requests with this key. Please try again ${wait}.`],
] as const

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const KEY_SHAPE = new RegExp(`^${EMBED_KEY_PREFIX}[A-Za-z0-9_-]{43}$`)
const NewBody = z.object({ label: z.string().max(1000) })
const UNKNOWN = 'That key does not exist: it may have been revoked already.'
/**
 * The 401 of the embed API, in the words the plugin's settings show the site's owner. Answered here
 * rather than from the shared error catalogue, which the widget's first paint carries whole: no
 * browser ever reads this code.
 */
export const EMBED_KEY_INVALID_MESSAGE =
  'This embed key is not valid: it may have been revoked. Ask your contact for a new one.'

/** A new key: 32 random bytes, base64url, after EMBED_KEY_PREFIX. */
export const newEmbedKey = (): string => `${EMBED_KEY_PREFIX}${randomBytes(32).toString('base64url')}`

const toKey = (row: EmbedKeyRow): EmbedKey => ({
  id: row.id,
  label: row.label,
  createdAt: toIso(row.created_at),
  lastUsedAt: row.last_used_at === null ? null : toIso(row.last_used_at),
})

/**
 * `/embed-keys` under the reps' API, behind its session and CSRF guards: a rep lists their own live
 * keys, makes one for a site (the key answered this once; only its SHA-256 is kept) and revokes one.
 * Nobody sees or revokes another rep's keys.
 */
export function embedKeyRoutes(deps: RepApiDeps): Hono<RepEnv> {
  const now = deps.settings.now ?? (() => new Date())
  const list = async (repId: string) =>
    (await callFunction(deps.db, 'list_embed_keys', { rep_id: repId })).map(toKey)
  return new Hono<RepEnv>()
    .get('/embed-keys', async (c) =>
      c.json({ keys: await list(c.get('rep').id) } satisfies EmbedKeyListResponse),
    )
    .post('/embed-keys', limitBody(4 * 1024), async (c) => {
      const label = readJsonBody(await c.req.text(), NewBody).label.trim()
      if (label.length === 0 || label.length > EMBED_KEY_LABEL_MAX) {
        throw new AppError('bad_request', {
          message: EMBED_KEY_LABEL_MESSAGE,
          fields: { label: EMBED_KEY_LABEL_MESSAGE },
        })
      }
      const rep = c.get('rep')
      if ((await list(rep.id)).length >= MAX_KEYS_PER_REP) {
        throw new AppError('bad_request', {
          message: `You have ${MAX_KEYS_PER_REP} site keys: revoke the ones no site uses before making another.`,
        })
      }
      const secret = newEmbedKey()
      const row = await callFunction(deps.db, 'create_embed_key', {
        rep_id: rep.id,
        label,
        key_hash: hashToken(secret),
        at: now().toISOString(),
      })
      // A disabled rep's session ended with the disabling; one that raced it is signed out.
      if (!row) throw new AppError('signed_out')
      const { id, createdAt } = toKey(row)
      return c.json({ key: { id, label: row.label, createdAt }, secret } satisfies EmbedKeyCreated, 201)
    })
    .delete('/embed-keys/:id', async (c) => {
      const id = c.req.param('id')
      const revoked =
        ID.test(id) &&
        (await callFunction(deps.db, 'revoke_embed_key', {
          rep_id: c.get('rep').id,
          id,
          at: now().toISOString(),
        }))
      if (!revoked) throw new AppError('not_found', { message: UNKNOWN })
      return c.body(null, 204)
    })
}

export interface EmbedApiDeps extends RepApiDeps {
  /** The product's name, as the plugin's settings say "Connected to {product}". */
  productName: string
}

type EmbedEnv = { Variables: { embedKey: { label: string; repId: string; repName: string } } }

/**
 * The embed API at EMBED_API_PATH, for the WordPress plugin (it calls from the site's server, with
 * `Authorization: Bearer vdk_…`): `GET /key` says whose key it is, `GET /prospects?q=&limit=` searches
 * the prospects its rep sees. Read-only; limited per address and per key; a missing, unknown or
 * revoked key, or one whose rep was disabled, is 401 `embed_key_invalid`.
 */
export function embedRoutes(deps: EmbedApiDeps): Hono<EmbedEnv> {
  const now = deps.settings.now ?? (() => new Date())
  const keyedHash = createKeyedHash(deps.settings.hashSecret)
  const app = new Hono<EmbedEnv>()
  app.use('*', async (c, next) => {
    const address = deps.clientIp(c) ?? 'unknown'
    const secret = /^Bearer[ ]+(\S+)$/i.exec(c.req.header('Authorization') ?? '')?.[1] ?? ''
    const keyHash = KEY_SHAPE.test(secret) ? hashToken(secret) : null
    const limits = await checkRateLimits(deps.db, [
      {
        key: `embed:ip:${await keyedHash('ip', address)}`,
        limit: EMBED_REQUESTS_PER_ADDRESS_HOUR,
        windowSeconds: HOUR_S,
      },
      ...(keyHash === null
        ? []
        : [{ key: `embed:key:${keyHash}`, limit: EMBED_REQUESTS_PER_KEY_HOUR, windowSeconds: HOUR_S }]),
    ])
    if (!limits.allowed) throw toRateLimitError(limits, RATE_MESSAGES)
    const key =
      keyHash === null
        ? null
        : await callFunction(deps.db, 'use_embed_key', { key_hash: keyHash, at: now().toISOString() })
    if (!key) {
      return c.json({ error: { code: 'embed_key_invalid', message: EMBED_KEY_INVALID_MESSAGE } }, 401, {
        'WWW-Authenticate': 'Bearer',
        'Cache-Control': 'no-store',
      })
    }
    c.set('embedKey', { label: key.label, repId: key.rep_id, repName: key.rep_name })
    c.header('Cache-Control', 'no-store')
    await next()
  })
  app.get('/key', (c) => {
    const key = c.get('embedKey')
    return c.json({
      product: deps.productName,
      label: key.label,
      rep: key.repName,
    } satisfies EmbedKeyInfoResponse)
  })
  app.get('/prospects', async (c) => {
    const params = new URL(c.req.url).searchParams
    const query = readSearch(params)
    const limitText = params.get('limit') || String(EMBED_SEARCH_DEFAULT)
    const limit = /^\d{1,2}$/.test(limitText) ? Number(limitText) : 0
    if (limit < 1 || limit > EMBED_SEARCH_MAX) {
      throw new AppError('bad_request', {
        message: `limit must be a whole number from 1 to ${EMBED_SEARCH_MAX}.`,
      })
    }
    const rows = await callFunction(deps.db, 'search_embed_prospects', {
      rep_id: c.get('embedKey').repId,
      query,
      max_rows: limit,
    })
    const siteUrl = (deps.settings.siteUrl ?? new URL(c.req.url).origin).replace(/\/+$/, '')
    return c.json({
      prospects: rows.map((row) => ({
        slug: row.slug,
        name: row.name,
        companyName: row.company_name,
        link: getProspectPageUrl(siteUrl, row.slug),
      })),
    } satisfies EmbedProspectsResponse)
  })
  return app
}
