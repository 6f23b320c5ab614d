import { createServer, type IncomingHttpHeaders } from 'node:http'
import { listenOnLoopback } from '../../../../server/src/testing/listen-loopback.ts'

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: unknown
  /** What the fake answered, so a test can tell which request produced the room it joined. */
  answer?: { status: number; body: unknown }
}

interface Answer {
  status: number
  body: unknown
  /** The answer waits for this, e.g. to stop a call while it is connecting. */
  gate?: Promise<void>
}

/** A fixed answer, or one made per call (1-based number), e.g. a new room for every call. */
type Answering = Answer | ((callNumber: number) => Answer)

/** What Vapi's `POST /call/web` returns for an audio-only web call (the fields the SDK reads). */
export const WEB_CALL = {
  id: 'call-123',
  webCallUrl: 'https://vapi.daily.co/fake-room',
  artifactPlan: { videoRecordingEnabled: false },
  assistant: { voice: { provider: '11labs' } },
}

/** `WEB_CALL` with its own id and room: parallel tests sharing one fake tell their calls apart. */
export const numberedWebCall = (callNumber: number) => ({
  ...WEB_CALL,
  id: `call-${callNumber}`,
  webCallUrl: `https://vapi.daily.co/fake-room-${callNumber}`,
})

/** What Vapi's `POST /call` returns for an outbound phone call (the fields our server reads). */
const phoneCall = (callNumber: number) => ({
  id: `phone-call-${callNumber}`,
  type: 'outboundPhoneCall',
  status: 'queued',
})

/**
 * The platform's failures, for calls of a prospect whose slug says which (`…-fail-401-…`, `fail-500`,
 * `fail-timeout`), so tests sharing the fake each get their own: a refused key as Vapi words it, a bare
 * 5xx, and no answer at all (the caller's timeout decides).
 */
function failureFor(body: string): Answer | null {
  const match = /"prospectSlug":"[^"]*fail-(401|500|timeout)/.exec(body)
  if (!match) return null
  if (match[1] === '401') {
    return {
      status: 401,
      body: {
        message:
          'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
        error: 'Unauthorized',
        statusCode: 401,
      },
    }
  }
  if (match[1] === '500') return { status: 500, body: { message: 'error', statusCode: 500 } }
  return { status: 504, body: {}, gate: new Promise<void>(() => {}) }
}

/** How long the fake takes to place a phone call: long enough for a test to see 'Calling...'. */
const PHONE_CALL_LATENCY_MS = 400

/** Not Vapi's: where a test in another process reads what the fake recorded. Never recorded itself. */
export const RECORDED_REQUESTS_PATH = '/__requests'

/**
 * Not Vapi's: a test asks the fake to call a tool during one of its calls, as the platform does when
 * the agent decides to: `POST` `{ callId, name, args }`, answered with what the Server URL answered.
 */
export const TOOL_CALL_PATH = '/__tool-calls'

/** The tool calls the fake has sent so far, numbered so each has an id of its own. */
let toolCallsSent = 0

/**
 * A loopback fake of Vapi's API: `POST /call/web` (the web SDK, from the page, hence the CORS answers)
 * and `POST /call` (our server's outbound phone calls) recorded and answered like the real one (201
 * JSON). The server's own API tests use the richer fake in server/src/testing/fake-vapi-server.ts.
 */
export async function startFakeVapiApi() {
  const requests: RecordedRequest[] = []
  let answering: Answering = { status: 201, body: WEB_CALL }
  let calls = 0
  let phoneCalls = 0
  let serverUrl: { url: string; secret: string } | null = null
  /**
   * What the platform does when the agent calls a tool: a `tool-calls` server message to the
   * assistant's Server URL, with its secret and the call as it was created (its overrides' metadata
   * and its type), answered with the tool's words.
   */
  async function sendToolCall(callId: string, name: string, args: Record<string, unknown>): Promise<unknown> {
    if (!serverUrl) throw new Error('the fake has no Server URL: call sendServerMessagesTo first')
    const created = requests.find((r) => (r.answer?.body as { id?: unknown } | undefined)?.id === callId)
    if (!created) throw new Error(`the fake created no call ${callId}`)
    const body = created.body as { assistantOverrides?: { metadata?: unknown } }
    const message = {
      message: {
        type: 'tool-calls',
        timestamp: Date.now(),
        call: {
          id: callId,
          type: created.path === '/call' ? 'outboundPhoneCall' : 'webCall',
          assistantOverrides: { metadata: body.assistantOverrides?.metadata },
        },
        toolCallList: [
          { id: `toolu_fake_${++toolCallsSent}`, type: 'function', function: { name, arguments: args } },
        ],
      },
    }
    const res = await fetch(serverUrl.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Vapi-Secret': serverUrl.secret },
      body: JSON.stringify(message),
    })
    return { status: res.status, body: await res.json() }
  }
  const server = createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*')
    response.setHeader('Access-Control-Allow-Headers', 'authorization, content-type')
    response.setHeader('Access-Control-Allow-Methods', 'POST, OPTIONS')
    if (request.method === 'OPTIONS') return void response.writeHead(204).end()
    if (request.method === 'GET' && request.url === RECORDED_REQUESTS_PATH) {
      return void response
        .writeHead(200, { 'Content-Type': 'application/json' })
        .end(JSON.stringify(requests))
    }
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const path = request.url ?? ''
      const recorded: RecordedRequest = {
        method: request.method ?? '',
        path,
        headers: request.headers,
        body: text && JSON.parse(text),
      }
      if (request.method === 'POST' && path === TOOL_CALL_PATH) {
        const { callId, name, args } = recorded.body as {
          callId: string
          name: string
          args: Record<string, unknown>
        }
        const answer = await sendToolCall(callId, name, args).catch((error: unknown) => ({
          status: 500,
          body: { message: String(error) },
        }))
        return void response
          .writeHead(200, { 'Content-Type': 'application/json' })
          .end(JSON.stringify(answer))
      }
      requests.push(recorded)
      const failure = failureFor(text)
      const { status, body, gate }: Answer =
        failure ??
        (request.method === 'POST' && path === '/call'
          ? { status: 201, body: phoneCall(++phoneCalls), gate: delay(PHONE_CALL_LATENCY_MS) }
          : request.method !== 'POST' || path !== '/call/web'
            ? { status: 404, body: { message: 'Cannot find', statusCode: 404 } }
            : typeof answering === 'function'
              ? answering(++calls)
              : answering)
      recorded.answer = { status, body }
      await gate
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    })
  })
  const { url, close } = await listenOnLoopback(server)
  return {
    url,
    requests,
    /** Posts, not preflights: what the SDK asked for. */
    posts: () => requests.filter((request) => request.method === 'POST'),
    answerWith(next: Answering) {
      answering = next
    },
    /** The assistant's Server URL and secret, where tool calls go (the product's `/api/webhooks/vapi`). */
    sendServerMessagesTo(url: string, secret: string) {
      serverUrl = { url, secret }
    },
    sendToolCall,
    close,
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

export type FakeVapiApi = Awaited<ReturnType<typeof startFakeVapiApi>>
