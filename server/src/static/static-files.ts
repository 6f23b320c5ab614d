import { stat } from 'node:fs/promises'
import { extname, join, resolve, sep } from 'node:path'
import type { Context, Hono } from 'hono'
import { getContentType } from './content-types.ts'
import { loadEncodedFile, matchesEtag, pickEncoding } from './encoded-files.ts'

export interface StaticDirs {
  /** `dist/site`: index.html and assets/. */
  siteDir: string
  /** `dist/widget`: widget.mjs, widget.js and widget-chunks/. */
  widgetDir: string
  /** `embed-demo/`, served as is. */
  embedDemoDir: string
}

const IMMUTABLE = 'public, max-age=31536000, immutable'
const REVALIDATE = 'no-cache'
export const NOT_BUILT_MESSAGE = 'Not built yet: run npm run build first, then restart the server.'

interface FileOptions {
  cacheControl: string
  /** Partner pages load the widget, and import its chunks as modules, from their own origins. */
  cors?: boolean
}

/**
 * Adds the built site, the widget bundle and the embed demos to the app (Node only; in production a
 * static host serves these). Hashed files are immutable; entry points revalidate on every load.
 */
export function mountStaticFiles(app: Hono, dirs: StaticDirs): void {
  // The snippet's module (widget.mjs) and the classic loader of older snippets (widget.js).
  for (const entry of ['widget.mjs', 'widget.js']) {
    app.get(`/${entry}`, (c) => sendFile(c, dirs.widgetDir, entry, { cacheControl: REVALIDATE, cors: true }))
  }
  app.get('/widget-chunks/*', (c) =>
    sendFile(c, join(dirs.widgetDir, 'widget-chunks'), tailOf(c, '/widget-chunks/'), {
      cacheControl: IMMUTABLE,
      cors: true,
    }),
  )
  app.get('/assets/*', (c) =>
    sendFile(c, join(dirs.siteDir, 'assets'), tailOf(c, '/assets/'), { cacheControl: IMMUTABLE }),
  )
  app.get('/embed-demo', (c) => c.redirect('/embed-demo/', 301))
  app.get('/embed-demo/*', (c) =>
    sendFile(c, dirs.embedDemoDir, tailOf(c, '/embed-demo/'), { cacheControl: REVALIDATE }),
  )
  app.get('*', async (c) => {
    const path = new URL(c.req.url).pathname
    if (/^\/(api|rest)(\/|$)/.test(path)) return c.notFound()
    const file = tailOf(c, '/')
    if (file !== '' && (await isFile(dirs.siteDir, file))) {
      return sendFile(c, dirs.siteDir, file, { cacheControl: REVALIDATE })
    }
    // A missing file with an extension is a 404, not the app shell; anything else is a client route.
    if (extname(path) !== '') return c.notFound()
    // index.html holds the prerendered landing page; every other client route starts from the empty
    // shell app.html (a build without the prerender step has only index.html).
    const shell = path !== '/' && (await isFile(dirs.siteDir, 'app.html')) ? 'app.html' : 'index.html'
    return sendFile(c, dirs.siteDir, shell, { cacheControl: REVALIDATE })
  })
}

/** The request path after `prefix`, percent-decoded; `null` when it cannot be a safe relative path. */
function tailOf(c: Context, prefix: string): string | null {
  const path = new URL(c.req.url).pathname
  try {
    const tail = decodeURIComponent(path.slice(prefix.length))
    const bad = tail.includes('\0') || tail.includes('\\') || tail.split('/').some((part) => part === '..')
    return bad ? null : tail
  } catch {
    return null
  }
}

/** Resolves `relative` inside `root`, refusing anything that would escape it. */
function resolveInside(root: string, relative: string | null): string | null {
  if (relative === null) return null
  const base = resolve(root)
  const full = resolve(base, relative)
  return full === base || full.startsWith(base + sep) ? full : null
}

async function isFile(root: string, relative: string | null): Promise<boolean> {
  const full = resolveInside(root, relative)
  return full !== null && (await stat(full).catch(() => null))?.isFile() === true
}

async function sendFile(c: Context, root: string, relative: string | null, options: FileOptions) {
  let full = resolveInside(root, relative)
  if (full === null) return c.notFound()
  const info = await stat(full).catch(() => null)
  if (info?.isDirectory()) {
    const path = new URL(c.req.url).pathname
    // Relative links in the directory's index.html need the trailing slash.
    if (!path.endsWith('/')) return c.redirect(`${path}/`, 301)
    full = join(full, 'index.html')
  }
  const contentType = getContentType(full)
  const fileInfo = info?.isDirectory() ? await stat(full).catch(() => null) : info
  const file = fileInfo?.isFile()
    ? await loadEncodedFile(full, fileInfo, contentType).catch(() => null)
    : null
  if (file === null) {
    const built = await stat(root).catch(() => null)
    return built ? c.notFound() : c.text(NOT_BUILT_MESSAGE, 503, { 'Cache-Control': 'no-store' })
  }
  const headers: Record<string, string> = {
    'Cache-Control': options.cacheControl,
    ETag: file.etag,
    Vary: 'Accept-Encoding',
  }
  if (options.cors) headers['Access-Control-Allow-Origin'] = '*'
  // `no-cache` means "ask first": a browser that has this version gets 304 and no body.
  if (matchesEtag(c.req.header('If-None-Match'), file.etag)) return c.body(null, 304, headers)
  headers['Content-Type'] = contentType
  headers['X-Content-Type-Options'] = 'nosniff'
  const encoding = pickEncoding(file, c.req.header('Accept-Encoding'))
  if (encoding) headers['Content-Encoding'] = encoding
  return c.body(encoding ? (file[encoding] ?? file.identity) : file.identity, 200, headers)
}
