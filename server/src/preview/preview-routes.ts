import { Hono } from 'hono'
import { isValidSlug } from '#core/prospect.ts'
import { matchesEtag } from '../common/etag.ts'
import type { ProspectAnswers } from '../data/prospect-answers.ts'
import { type DrawPreviewPicture, previewEtag, previewWords } from './preview-words.ts'

/** The site's generic link-preview picture, for the general demo and unknown links. */
export const GENERIC_PREVIEW_PATH = '/og-image.jpg'

/**
 * Unfurlers and CDNs may keep a picture five minutes, then ask again with its ETag: a changed prospect
 * shows in previews made after that, and an unchanged one costs a 304.
 */
export const PREVIEW_CACHE_CONTROL = 'public, max-age=300, must-revalidate'

/** Drawn pictures kept in memory, in bytes (about 250 prospects' pictures of 60 KB). */
export const PREVIEW_CACHE_BYTES = 16 * 1024 * 1024

export interface PreviewRouteDeps {
  answers: ProspectAnswers
  loadLogo: (id: string) => Promise<Uint8Array | null>
  draw: DrawPreviewPicture
  productName: string
  /** The memory the drawn pictures may take; {@link PREVIEW_CACHE_BYTES} by default. */
  cacheBytes?: number
}

/**
 * `GET /{slug}/preview.png`: the prospect's own link-preview picture, drawn from their page's words
 * the first time it is asked for, then served from memory until those words change. The general demo
 * and unknown slugs are sent to the site's generic picture, which their page names.
 */
export function previewRoutes(deps: PreviewRouteDeps): Hono {
  const cache = createPictureCache(deps.cacheBytes ?? PREVIEW_CACHE_BYTES)
  const drawing = new Map<string, Promise<Uint8Array>>()
  return new Hono().get('/:slug/preview.png', async (c, next) => {
    const slug = c.req.param('slug')
    // Only a prospect link's path is this route's: a reserved or malformed first segment (the site's
    // own folders among them) goes on to the static files, which know it or answer 404.
    if (!isValidSlug(slug)) return next()
    const answer = await deps.answers.get(slug)
    const words = answer ? previewWords(answer.response, deps.productName) : null
    if (!words) {
      return c.redirect(GENERIC_PREVIEW_PATH, 302)
    }
    const etag = previewEtag(words)
    const headers = {
      'Cache-Control': PREVIEW_CACHE_CONTROL,
      ETag: etag,
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'",
    }
    if (matchesEtag(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers)
    let png = cache.get(etag)
    if (!png) {
      // One drawing per picture at a time: a burst of unfurlers for a new link draws it once.
      let pending = drawing.get(etag)
      if (!pending) {
        pending = (async () => {
          const logo = words.logo === null ? null : await deps.loadLogo(words.logo)
          return deps.draw(words, logo)
        })()
        drawing.set(etag, pending)
        pending.then(
          (drawn) => cache.set(etag, drawn),
          () => {},
        )
        pending.finally(() => drawing.delete(etag)).catch(() => {})
      }
      png = await pending
    }
    return c.body(png as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': 'image/png' })
  })
}

/** Pictures by ETag, the least recently served dropped first once they take more than `maxBytes`. */
export function createPictureCache(maxBytes: number) {
  const pictures = new Map<string, Uint8Array>()
  let bytes = 0
  return {
    get(key: string): Uint8Array | undefined {
      const picture = pictures.get(key)
      if (picture) {
        pictures.delete(key)
        pictures.set(key, picture)
      }
      return picture
    },
    set(key: string, picture: Uint8Array): void {
      if (picture.byteLength > maxBytes || pictures.has(key)) return
      pictures.set(key, picture)
      bytes += picture.byteLength
      for (const [oldest, old] of pictures) {
        if (bytes <= maxBytes) break
        pictures.delete(oldest)
        bytes -= old.byteLength
      }
    },
    get bytes() {
      return bytes
    },
  }
}
