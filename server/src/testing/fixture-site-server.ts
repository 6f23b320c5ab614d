import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { listenOnLoopback } from './listen-loopback.ts'

/** An answer a fixture site gives: fixed, or written by hand (a redirect built per request, silence). */
export type FixtureRoute =
  | { status?: number; headers?: Record<string, string | string[]>; body?: string | Buffer }
  | ((req: IncomingMessage, res: ServerResponse) => void)

/** What the site was asked, as it arrived. */
export interface RecordedRequest {
  method: string
  /** Path and query. */
  url: string
  headers: IncomingHttpHeaders
  /** The address the connection came in on: which address the client really connected to. */
  localAddress: string
}

export interface FixtureSiteServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  url: string
  /** `127.0.0.1:<port>`, for the reader's allowed hosts. */
  host: string
  port: number
  requests: RecordedRequest[]
  /** Sets or replaces the answer for a path (with its query, if any). */
  route(path: string, answer: FixtureRoute): void
  close(): Promise<void>
}

/**
 * A small website on a free loopback port for the website reader's tests: answers by path from a
 * table (404 for anything else) and records every request, its headers and the address it came in on.
 */
export async function startFixtureSiteServer(
  routes: Record<string, FixtureRoute> = {},
): Promise<FixtureSiteServer> {
  const table = new Map(Object.entries(routes))
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    requests.push({
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      localAddress: req.socket.localAddress ?? '',
    })
    const answer = table.get(req.url ?? '')
    if (!answer) {
      res.writeHead(404, { 'Content-Type': 'text/html' }).end('<h1>Not found</h1>')
    } else if (typeof answer === 'function') {
      answer(req, res)
    } else {
      res
        .writeHead(answer.status ?? 200, answer.headers ?? { 'Content-Type': 'text/html' })
        .end(answer.body ?? '')
    }
  })
  const { url, close } = await listenOnLoopback(server)
  const port = (server.address() as AddressInfo).port
  return {
    url,
    host: `127.0.0.1:${port}`,
    port,
    requests,
    route: (path, answer) => table.set(path, answer),
    close,
  }
}
