import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { inflateRawSync } from 'node:zlib'
import type { Context, Hono } from 'hono'

/** The stable address of the latest WordPress plugin: reps hand it to site owners, who upload it. */
export const PLUGIN_ZIP_PATH = '/wordpress/voice-demo.zip'
const PLUGIN_ZIP_FILE = 'voice-demo.zip'
/** The plugin's main file inside the archive: its header's `Version:` line is the plugin's version. */
const PLUGIN_MAIN_ENTRY = 'voice-demo/voice-demo.php'

export const PLUGIN_NOT_BUILT_MESSAGE =
  'The WordPress plugin is not built on this server: run npm run build (or npm run wordpress:zip), then ask again.'

interface PluginZip {
  mtimeMs: number
  size: number
  bytes: Buffer
  version: string | null
}

/**
 * The `Version:` of a plugin header (WordPress reads it from the main file's first comment), or null
 * when the file has none.
 */
export function readPluginVersion(php: string): string | null {
  const match = /^[ \t/*#@]*Version:[ \t]*([^\r\n]+?)[ \t]*$/im.exec(php)
  return match?.[1] ?? null
}

/**
 * One file's content out of a zip archive (stored or deflated, as scripts/zip-writer.ts writes them),
 * found through its central directory; null when the archive has no such file or cannot be read.
 */
export function readZipEntry(zip: Buffer, name: string): Buffer | null {
  // The end-of-central-directory record: 22 bytes at the end, plus a comment of up to 65,535 bytes.
  const earliest = Math.max(0, zip.length - 22 - 0xffff)
  let end = -1
  for (let i = zip.length - 22; i >= earliest; i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) {
      end = i
      break
    }
  }
  if (end < 0) return null
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  for (let n = 0; n < count && at + 46 <= zip.length; n++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) return null
    const method = zip.readUInt16LE(at + 10)
    const compressed = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const localAt = zip.readUInt32LE(at + 42)
    const entryName = zip.toString('utf8', at + 46, at + 46 + nameLength)
    if (entryName === name) {
      if (localAt + 30 > zip.length || zip.readUInt32LE(localAt) !== 0x04034b50) return null
      const dataAt = localAt + 30 + zip.readUInt16LE(localAt + 26) + zip.readUInt16LE(localAt + 28)
      const data = zip.subarray(dataAt, dataAt + compressed)
      if (method === 0) return data
      if (method === 8) return inflateRawSync(data)
      return null
    }
    at += 46 + nameLength + extraLength + commentLength
  }
  return null
}

/**
 * Serves the build's plugin zip at PLUGIN_ZIP_PATH as a download, with the plugin's version (read from
 * the archive itself, so the header always names what is sent) in `X-Plugin-Version`. A server whose
 * build has no zip answers 404 saying so. The file is read again only when it changed on disk.
 */
export function mountPluginZip(app: Hono, wordpressDir: string): void {
  const file = join(wordpressDir, PLUGIN_ZIP_FILE)
  let cached: PluginZip | null = null
  const load = async (): Promise<PluginZip | null> => {
    const info = await stat(file).catch(() => null)
    if (!info?.isFile()) return null
    if (cached && cached.mtimeMs === info.mtimeMs && cached.size === info.size) return cached
    const bytes = await readFile(file)
    const main = readZipEntry(bytes, PLUGIN_MAIN_ENTRY)
    cached = {
      mtimeMs: info.mtimeMs,
      size: info.size,
      bytes,
      version: main && readPluginVersion(main.toString('utf8')),
    }
    return cached
  }
  const send = async (c: Context) => {
    const zip = await load()
    if (!zip) {
      return c.json({ error: { code: 'not_found', message: PLUGIN_NOT_BUILT_MESSAGE } }, 404, {
        'Cache-Control': 'no-store',
      })
    }
    const headers: Record<string, string> = {
      'Content-Type': 'application/zip',
      'Content-Disposition': `attachment; filename="${PLUGIN_ZIP_FILE}"`,
      // The address stays the same from one version to the next: always ask for the latest.
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': 'X-Plugin-Version',
    }
    if (zip.version !== null) headers['X-Plugin-Version'] = zip.version
    return c.body(new Uint8Array(zip.bytes), 200, headers)
  }
  app.get(PLUGIN_ZIP_PATH, send)
}
