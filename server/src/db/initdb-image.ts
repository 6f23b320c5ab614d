import { existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Where `npm run build` puts the image of a freshly initialised embedded database: `dist/database/`.
 * Running PostgreSQL's initdb inside PGlite takes the process from about 120 to about 790 MB resident
 * for a moment, which a 1 GB machine cannot spare; unpacking this image instead (4.5 MB, gzip) makes the
 * same files, and the first start peaked at about 420 MB with the migrations and the examples.
 */
export const INITDB_IMAGE_DIR = fileURLToPath(new URL('../../../dist/database/', import.meta.url))
const IMAGE_FILE = 'initdb.tar.gz'
const STAMP_FILE = 'initdb.json'

/** Written beside the image: which PGlite made it, and its size (a torn copy is not used). */
interface ImageStamp {
  pglite: string
  bytes: number
}

export type InitdbImageLookup =
  /** `path`: the image, made by the PGlite installed now. */
  | { path: string }
  /** Why there is no image to use, for the operator's log line. */
  | { path: null; reason: string }

/** The version of PGlite this process runs (its package.json, beside the entry the resolver finds). */
export function installedPGliteVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'))
  // The entry is <package>/dist/index.js.
  const manifest = join(dirname(dirname(entry)), 'package.json')
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
}

/**
 * The image in `dir` when the PGlite installed now made it: another version's data files may not be
 * what this one's Postgres reads (a catalogue version changes with a major Postgres), so they are never
 * unpacked; the database is then made by initdb, as it was before images.
 */
export function findInitdbImage(dir: string = INITDB_IMAGE_DIR): InitdbImageLookup {
  const path = join(dir, IMAGE_FILE)
  const stampPath = join(dir, STAMP_FILE)
  if (!existsSync(stampPath) || !existsSync(path)) {
    return { path: null, reason: `no prepared database image in ${dir} (npm run build makes it)` }
  }
  let stamp: Partial<ImageStamp>
  try {
    stamp = JSON.parse(readFileSync(stampPath, 'utf8')) as Partial<ImageStamp>
  } catch {
    return { path: null, reason: `${stampPath} is unreadable (npm run build makes it again)` }
  }
  const installed = installedPGliteVersion()
  if (stamp.pglite !== installed) {
    return {
      path: null,
      reason: `the prepared database image was made by PGlite ${String(stamp.pglite)}, this is ${installed} (npm run build makes it again)`,
    }
  }
  if (stamp.bytes !== statSync(path).size) {
    return {
      path: null,
      reason: `the prepared database image ${path} is incomplete (npm run build makes it again)`,
    }
  }
  return { path }
}

/**
 * Makes the image in `dir` (a fresh in-memory database's data directory, gzip), unless the one there
 * was made by the PGlite installed now. The stamp is written last and each file lands whole (renamed
 * into place), so an interrupted build leaves no image that looks usable.
 */
export async function buildInitdbImage(
  dir: string = INITDB_IMAGE_DIR,
): Promise<{ path: string; made: boolean }> {
  const found = findInitdbImage(dir)
  if (found.path !== null) return { path: found.path, made: false }
  await mkdir(dir, { recursive: true })
  // Loaded only here: finding the image must not load the database engine.
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create()
  let bytes: Buffer
  try {
    bytes = Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer())
  } finally {
    await db.close()
  }
  const path = join(dir, IMAGE_FILE)
  const stamp: ImageStamp = { pglite: installedPGliteVersion(), bytes: bytes.length }
  writeWhole(path, bytes)
  writeWhole(join(dir, STAMP_FILE), `${JSON.stringify(stamp)}\n`)
  return { path, made: true }
}

function writeWhole(path: string, data: Buffer | string): void {
  const partial = `${path}.partial`
  writeFileSync(partial, data)
  renameSync(partial, path)
}
