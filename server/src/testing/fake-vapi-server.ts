import { createServer, type IncomingHttpHeaders } from 'node:http'
import { listenOnLoopback } from './listen-loopback.ts'

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: unknown
}

export type FakeAnswer =
  | { status: number; body: unknown }
  /** Never answers: the client's timeout must end the request. */
  | { hang: true }

/**
 * A loopback fake of Vapi's `POST /call` (outbound phone call), recorded and answered like the real
 * one: 201 with the created call, whose `id` is what the server reads. Any other path is a 404.
 */
export async function startFakeVapiServer() {
  const requests: RecordedRequest[] = []
  let answer: FakeAnswer | undefined
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const path = request.url ?? ''
      requests.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: text && JSON.parse(text),
      })
      if (request.method !== 'POST' || path !== '/call') {
        return void response
          .writeHead(404, { 'Content-Type': 'application/json' })
          .end(JSON.stringify({ message: `Cannot ${request.method} ${path}`, statusCode: 404 }))
      }
      const next = answer ?? { status: 201, body: createdCall(requests.length, requests.at(-1)?.body) }
      if ('hang' in next) return
      response
        .writeHead(next.status, { 'Content-Type': 'application/json' })
        .end(typeof next.body === 'string' ? next.body : JSON.stringify(next.body))
    })
  })
  const { url, close } = await listenOnLoopback(server)
  return {
    url,
    requests,
    /** The calls placed: what the platform would have dialled. */
    calls: () => requests.filter((request) => request.method === 'POST' && request.path === '/call'),
    /** `undefined` goes back to answering every call with 201. */
    answerWith(next: FakeAnswer | undefined) {
      answer = next
    },
    close,
  }
}

export type FakeVapiServer = Awaited<ReturnType<typeof startFakeVapiServer>>

/**
 * The fields of Vapi's created call that matter here (the real one has many more): the call keeps the
 * overrides it was created with, metadata included, and its end-of-call report carries them back.
 */
const createdCall = (n: number, request: unknown) => ({
  id: `call-${n}`,
  type: 'outboundPhoneCall',
  status: 'queued',
  orgId: 'org-fake',
  ...pickOverrides(request),
})

const pickOverrides = (request: unknown) => {
  const overrides = (request as { assistantOverrides?: unknown } | null)?.assistantOverrides
  return overrides === undefined ? {} : { assistantOverrides: overrides }
}
