import { Buffer } from 'node:buffer'
import type { Db } from './database.ts'

/** A logo as kept: re-encoded PNG, named by the sha256 of its bytes. */
export interface StoredImage {
  id: string
  bytes: Uint8Array
  width: number
  height: number
  sourceUrl: string
}

// Bytes travel as base64 text: every engine of the port (PGlite here or in its thread, postgres.js, the
// socket beside a running server) carries text the same way, where binary parameters differ.

/** Keeps a logo (once: the same bytes have the same id). */
export async function saveWebsiteImage(db: Db, image: StoredImage): Promise<void> {
  await db.query(
    `insert into public.website_images (id, content_type, bytes, width, height, source_url)
     values ($1, 'image/png', decode($2, 'base64'), $3, $4, $5) on conflict (id) do nothing`,
    [
      image.id,
      Buffer.from(image.bytes).toString('base64'),
      image.width,
      image.height,
      image.sourceUrl.slice(0, 2000),
    ],
  )
}

/** A kept logo's bytes, or null. */
export async function loadWebsiteImage(db: Db, id: string): Promise<Uint8Array<ArrayBuffer> | null> {
  const { rows } = await db.query<{ bytes: string }>(
    `select encode(bytes, 'base64') as bytes from public.website_images where id = $1`,
    [id],
  )
  const row = rows[0]
  return row ? new Uint8Array(Buffer.from(row.bytes, 'base64')) : null
}
