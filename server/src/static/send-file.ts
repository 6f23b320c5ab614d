import { readFile, stat } from 'node:fs/promises'
import type { Context } from 'hono'
import { matchesEtag } from '../common/etag.ts'
import type { BuiltFiles } from './built-files.ts'
import { getContentType } from './content-types.ts'
import { type EncodedFile, pickEncoding } from './encoded-file.ts'
import { loadEncodedFile } from './encoded-files.ts'
import type { ReadSiteText } from './inline-head.ts'

// Sending a built file: its current version from memory, compressed as the request accepts, with an
// ETag and 304 for the version the browser has.

/** Our pages get the site's policy; the embed demos stand in for partners' pages. */
export type PageKind = 'site' | 'partner'

export interface FileOptions {
  cacheControl: string
  /** Partner pages load the widget, and import its chunks as modules, from their own origins. */
  cors?: boolean
  /** Which headers an HTML file gets; our site's by default. */
  page?: PageKind
  status?: 200 | 404
}

export interface ListedFile {
  path: string
  file: EncodedFile
}

/** The file's current version, compressed; null when it vanished since it was listed. */
export async function readListedFile(full: string | null): Promise<ListedFile | null> {
  if (full === null) return null
  const info = await stat(full).catch(() => null)
  if (!info?.isFile()) return null
  const file = await loadEncodedFile(full, info, getContentType(full)).catch(() => null)
  return file && { path: full, file }
}

export function respond(
  c: Context,
  { path, file }: ListedFile,
  options: FileOptions,
  pageHeaders: Record<string, string>,
) {
  const contentType = getContentType(path)
  const headers: Record<string, string> = {
    'Cache-Control': options.cacheControl,
    Vary: 'Accept-Encoding',
    'X-Content-Type-Options': 'nosniff',
    ...pageHeaders,
  }
  if (options.cors) headers['Access-Control-Allow-Origin'] = '*'
  const status = options.status ?? 200
  if (status === 200) {
    headers.ETag = file.etag
    // `no-cache` means "ask first": a browser that has this version gets 304 and no body.
    if (matchesEtag(c.req.header('If-None-Match'), file.etag)) return c.body(null, 304, headers)
  }
  headers['Content-Type'] = contentType
  return sendEncoded(c, file, status, headers)
}

/** `file`'s body in the best encoding the request accepts, with `headers` (and its encoding). */
export function sendEncoded(
  c: Context,
  file: EncodedFile,
  status: 200 | 404,
  headers: Record<string, string>,
) {
  const encoding = pickEncoding(file, c.req.header('Accept-Encoding'))
  if (encoding) headers['Content-Encoding'] = encoding
  return c.body(encoding ? (file[encoding] ?? file.identity) : file.identity, status, headers)
}

/** The shell's text, decoded once per version. */
const shellTexts = new WeakMap<EncodedFile, string>()
export function shellText({ file }: ListedFile): string {
  let text = shellTexts.get(file)
  if (text === undefined) {
    text = new TextDecoder().decode(file.identity)
    shellTexts.set(file, text)
  }
  return text
}

/** Reads listed files of `files` as text (what the server inlines into a page). */
export const textReader =
  (files: BuiltFiles): ReadSiteText =>
  async (relative) => {
    const path = await files.find(relative)
    return path === null ? null : readFile(path, 'utf8').catch(() => null)
  }
