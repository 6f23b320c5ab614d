import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { FakeAnswer } from './fake-vapi-server.ts'
import { listenOnLoopback } from './listen-loopback.ts'

export interface RecordedVideoRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** Parsed JSON, or the raw text when it is not JSON; '' for no body. */
  body: unknown
}

export const FAKE_WEBHOOK_PATH = '/webhook/video'

/**
 * A loopback fake of both video back ends, recorded and answered like the real ones:
 * - the automation webhook: `POST /webhook/video` → 200 `{conversation_id, conversation_url}`;
 * - Tavus: `POST /v2/conversations` → 200 with `conversation_id`, `conversation_url`, `status: active`;
 *   `POST /v2/conversations/{id}/end` → 200 for a conversation it created, else 400
 *   `{"error": "Invalid conversation_id"}` (Tavus's documented error shape).
 * Conversation URLs are `{roomBase}/{id}`, by default on Tavus's Daily domain like the real ones.
 */
export async function startFakeVideoPlatform(options: { roomBase?: string } = {}) {
  const roomBase = options.roomBase ?? 'https://tavus.daily.co'
  const requests: RecordedVideoRequest[] = []
  const created = new Set<string>()
  let createAnswer: FakeAnswer | undefined
  let endAnswer: FakeAnswer | undefined

  const send = (response: ServerResponse, answer: FakeAnswer) => {
    if ('hang' in answer) return
    response
      .writeHead(answer.status, { 'Content-Type': 'application/json' })
      .end(typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body))
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const path = request.url ?? ''
      requests.push({ method: request.method ?? '', path, headers: request.headers, body: parseBody(text) })
      const isPost = request.method === 'POST'
      if (isPost && (path === FAKE_WEBHOOK_PATH || path === '/v2/conversations')) {
        const id = `c${(0x100000 + requests.length).toString(16)}`
        created.add(id)
        return send(
          response,
          createAnswer ?? {
            status: 200,
            body: { conversation_id: id, conversation_url: `${roomBase}/${id}`, status: 'active' },
          },
        )
      }
      const end = /^\/v2\/conversations\/([^/]+)\/end$/.exec(path)
      if (isPost && end) {
        const known = created.has(decodeURIComponent(end[1] ?? ''))
        return send(
          response,
          endAnswer ??
            (known ? { status: 200, body: '' } : { status: 400, body: { error: 'Invalid conversation_id' } }),
        )
      }
      send(response, { status: 404, body: { message: `Cannot ${request.method} ${path}` } })
    })
  })
  const { url, close } = await listenOnLoopback(server)
  return {
    url,
    webhookUrl: `${url}${FAKE_WEBHOOK_PATH}`,
    requests,
    /** Conversations asked for, on either back end. */
    creates: () =>
      requests.filter(
        (r) => r.method === 'POST' && (r.path === FAKE_WEBHOOK_PATH || r.path === '/v2/conversations'),
      ),
    /** Tavus end calls. */
    ends: () => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/end')),
    /** `undefined` goes back to the normal answers. */
    answerCreateWith(next: FakeAnswer | undefined) {
      createAnswer = next
    },
    answerEndWith(next: FakeAnswer | undefined) {
      endAnswer = next
    },
    close,
  }
}

export type FakeVideoPlatform = Awaited<ReturnType<typeof startFakeVideoPlatform>>

function parseBody(text: string): unknown {
  if (text === '') return ''
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}
