import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * The product as the plugin sees it, with the embed key's two routes (`GET /api/embed/key`,
 * `GET /api/embed/prospects`) stood in for while the product lacks them: every request goes to the
 * product, and only an `/api/embed/` route the product answers 404 is answered here, for the one key
 * `EMBED_KEY`, from the product's own example prospects. Once the product has the routes, its answers
 * pass through unchanged.
 */

export const EMBED_KEY = 'vdk_wordpress_test_site_key_0001'
export const EMBED_KEY_OWNER = { label: 'Partner site', rep: 'Rita Rep' }
/** The product's example prospects the stand-in lists (seeded with the product's database). */
const EXAMPLES = ['bright-smile-dental', 'harbor-realty']

export interface EmbedFake {
  url: string
  /** How many times the product was asked for each path, by path (query included). */
  asked: Map<string, number>
  close(): Promise<void>
}

export async function startEmbedFake(product: string): Promise<EmbedFake> {
  const asked = new Map<string, number>()
  const server = createServer((req, res) => {
    const path = req.url ?? '/'
    asked.set(path, (asked.get(path) ?? 0) + 1)
    forward(product, req, res, path.startsWith('/api/embed/')).catch((error: unknown) => {
      res.writeHead(502).end(String(error))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    asked,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

async function forward(product: string, req: IncomingMessage, res: ServerResponse, embed: boolean) {
  const target = new URL(req.url ?? '/', product)
  const headers = { ...req.headers, host: target.host }
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = httpRequest(target, { method: req.method, headers }, resolve)
    outgoing.on('error', reject)
    req.pipe(outgoing)
  })
  if (embed && answer.statusCode === 404) {
    answer.resume()
    return standIn(product, req, res)
  }
  res.writeHead(answer.statusCode ?? 502, answer.headers)
  answer.pipe(res)
}

async function standIn(product: string, req: IncomingMessage, res: ServerResponse) {
  const json = (status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  if (req.headers.authorization !== `Bearer ${EMBED_KEY}`)
    return json(401, { error: { code: 'unauthorized', message: 'Unknown or revoked key.' } })
  const url = new URL(req.url ?? '/', product)
  if (url.pathname === '/api/embed/key') return json(200, { product: 'Voice demo', ...EMBED_KEY_OWNER })
  if (url.pathname !== '/api/embed/prospects') return json(404, { error: { code: 'not_found' } })
  const q = (url.searchParams.get('q') ?? '').toLowerCase()
  const prospects = []
  for (const slug of EXAMPLES) {
    const answer = (await (await fetch(`${product}/api/prospects/${slug}`)).json()) as {
      prospect: { slug: string; name: string; companyName: string }
    }
    const { name, companyName } = answer.prospect
    if (`${slug} ${name} ${companyName}`.toLowerCase().includes(q))
      prospects.push({ slug, name, companyName, link: `${product}/${slug}` })
  }
  return json(200, { prospects })
}
