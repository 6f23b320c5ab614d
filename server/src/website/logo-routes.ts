import { Hono } from 'hono'
import { AppError } from '#core/errors.ts'
import type { Db } from '../data/database.ts'
import { loadWebsiteImage } from '../data/website-images.ts'

const LOGO_ID = /^[0-9a-f]{64}$/

/**
 * `GET /api/logos/:id`: a logo kept on our side, PNG as we re-encoded it. Its id is the hash of its
 * bytes, so it never changes: cached for a year, and its id is its validator.
 */
export function logoRoutes(db: Db): Hono {
  return new Hono().get('/:id', async (c) => {
    const id = c.req.param('id')
    if (!LOGO_ID.test(id)) throw new AppError('logo_not_found')
    const etag = `"${id}"`
    const cacheHeaders = {
      'Cache-Control': 'public, max-age=31536000, immutable',
      ETag: etag,
    }
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, cacheHeaders)
    const bytes = await loadWebsiteImage(db, id)
    if (!bytes) throw new AppError('logo_not_found')
    return c.body(bytes, 200, {
      ...cacheHeaders,
      'Content-Type': 'image/png',
      'Content-Security-Policy': "default-src 'none'",
    })
  })
}
