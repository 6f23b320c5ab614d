import { readdir, readFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

/** The businesses' sites the reader is tested and measured on (server/src/website/fixtures/<name>/). */
export const FIXTURE_SITES_DIR = fileURLToPath(new URL('../website/fixtures/', import.meta.url))

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.svg': 'image/svg+xml',
  '.css': 'text/css',
}

export interface FixtureSite {
  name: string
  /** `http://127.0.0.1:<port>/` */
  url: string
  /** `127.0.0.1:<port>`, for WEBSITE_READER_ALLOWED_HOSTS. */
  host: string
}

export interface FixtureSites {
  sites: FixtureSite[]
  /** The site of that name (its home page's address). */
  url(name: string): string
  /** Every site's `host:port`, comma-separated: WEBSITE_READER_ALLOWED_HOSTS. */
  allowedHosts: string
  /** Pages served so far, all sites together. */
  requests(): number
  close(): Promise<void>
}

export interface FixtureSiteOptions {
  /** Each answer waits this long first (the 500-row benchmark: a site answering in 100 ms). */
  latencyMs?: number
  /** Serve each named site from this many servers (ports) at once: `name`, `name~1`, … (the benchmark). */
  copies?: number
  /** The loopback address to listen on; 127.0.0.1 by default. */
  address?: string
}

/**
 * Each fixture site on its own loopback port, as a small business's web server would answer: its
 * files, `/about` for `about.html`, a generated `/logo.png` where the site has none, 404 otherwise.
 * Also `slow-site`, which accepts the connection and never answers (the reader's deadline), and
 * `not-html`, whose home page is a PDF. HTML goes out as `text/html` without a charset, so a page's
 * own `<meta charset>` decides, as on many real hosts.
 */
export async function startFixtureSites(options: FixtureSiteOptions = {}): Promise<FixtureSites> {
  const names = (await readdir(FIXTURE_SITES_DIR, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
  let served = 0
  const servers: Server[] = []
  const sites: FixtureSite[] = []
  const listen = async (name: string, handler: Parameters<typeof createServer>[1]) => {
    const server = createServer(handler)
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, options.address ?? '127.0.0.1', resolve))
    const { address, port } = server.address() as AddressInfo
    const host = `${address}:${port}`
    sites.push({ name, url: `http://${host}/`, host })
  }
  const logo = await drawLogo()
  for (const name of names) {
    for (let copy = 0; copy < (options.copies ?? 1); copy += 1) {
      await listen(copy === 0 ? name : `${name}~${copy}`, (req, res) => {
        served += 1
        const answer = async () => {
          const path = decodeURIComponent(new URL(req.url ?? '/', 'http://fixture').pathname)
          const file = await findFile(join(FIXTURE_SITES_DIR, name), path)
          if (file) {
            res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' })
            res.end(await readFile(file))
          } else if (path === '/logo.png') {
            res.writeHead(200, { 'Content-Type': 'image/png' }).end(logo)
          } else {
            res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>')
          }
        }
        const run = () => void answer().catch(() => res.writeHead(500).end())
        if (options.latencyMs) setTimeout(run, options.latencyMs)
        else run()
      })
    }
  }
  await listen('slow-site', () => {
    served += 1
    // Never answers: the reader's own deadline must end the wait.
  })
  await listen('not-html', (_req, res) => {
    served += 1
    res.writeHead(200, { 'Content-Type': 'application/pdf' }).end('%PDF-1.4\n%fixture\n')
  })
  return {
    sites,
    url: (name) => {
      const site = sites.find((candidate) => candidate.name === name)
      if (!site) throw new Error(`No fixture site "${name}"`)
      return site.url
    },
    allowedHosts: sites.map((site) => site.host).join(','),
    requests: () => served,
    close: async () => {
      await Promise.all(
        servers.map(
          (server) =>
            new Promise<void>((resolve) => {
              server.closeAllConnections()
              server.close(() => resolve())
            }),
        ),
      )
    },
  }
}

/** The file a path names inside a site's folder: `/` is index.html, `/about` about.html; never outside it. */
async function findFile(root: string, path: string): Promise<string | null> {
  const clean = normalize(path).replace(/^(\.\.[/\\])+/, '')
  const candidates = clean.endsWith('/')
    ? [join(root, clean, 'index.html')]
    : [join(root, clean), join(root, `${clean}.html`)]
  for (const candidate of candidates) {
    if (!candidate.startsWith(root)) continue
    try {
      await readFile(candidate)
      return candidate
    } catch {
      // Not this one.
    }
  }
  return null
}

/** A business's logo as a site would have one: a 400 × 400 PNG with a mark on a coloured tile. */
async function drawLogo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">
    <rect width="400" height="400" rx="80" fill="#0e7490"/>
    <path d="M120 140c0-40 40-60 80-40 40-20 80 0 80 40 0 60-30 140-50 140s-20-60-30-60-10 60-30 60-50-80-50-140z" fill="#fff"/>
  </svg>`
  return sharp(Buffer.from(svg)).png().toBuffer()
}
