import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: unknown
}

interface Answer {
  status: number
  body: unknown
  /** The answer waits for this, e.g. to stop a call while it is connecting. */
  gate?: Promise<void>
}

/** What Vapi's `POST /call/web` returns for an audio-only web call (the fields the SDK reads). */
export const WEB_CALL = {
  id: 'call-123',
  webCallUrl: 'https://vapi.daily.co/fake-room',
  artifactPlan: { videoRecordingEnabled: false },
  assistant: { voice: { provider: '11labs' } },
}

/**
 * A loopback fake of Vapi's API for the web SDK: `POST /call/web` recorded and answered like the real
 * one (201 JSON), with the CORS answers a browser needs, since the SDK calls it from the page.
 */
export async function startFakeVapiApi() {
  const requests: RecordedRequest[] = []
  let answer: Answer = { status: 201, body: WEB_CALL }
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*')
    response.setHeader('Access-Control-Allow-Headers', 'authorization, content-type')
    response.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS')
    if (request.method === 'OPTIONS') return void response.writeHead(204).end()
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const path = request.url ?? ''
      requests.push({
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: text && JSON.parse(text),
      })
      const { status, body, gate } =
        request.method === 'POST' && path === '/call/web'
          ? answer
          : { status: 404, body: { message: 'Cannot find', statusCode: 404 } }
      await gate
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Posts, not preflights: what the SDK asked for. */
    posts: () => requests.filter((request) => request.method === 'POST'),
    answerWith(next: Answer) {
      answer = next
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
