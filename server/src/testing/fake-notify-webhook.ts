import { createServer, type IncomingHttpHeaders } from 'node:http'
import { listenOnLoopback } from './listen-loopback.ts'

/** `GET` here answers the delivered texts as a JSON array. */
export const DELIVERED_PATH = '/__delivered'

export interface NotifyRequest {
  method: string
  headers: IncomingHttpHeaders
  /** The JSON body as sent (`{ text }` from us). */
  body: unknown
  /** The status answered; null while it hangs (or when it never answered). */
  status: number | null
}

export type NotifyAnswer =
  | { status: number; body?: string }
  /** Reads the request, never answers: the sender's deadline must end it. */
  | { hang: true }

/**
 * A loopback fake of a Slack incoming webhook: records every request and answers like Slack, 200
 * `ok`, unless told otherwise (fail the next n, answer every request some way, hang). A revoked
 * Slack webhook answers 404 `no_service` or 410 `channel_is_archived`.
 */
export async function startFakeNotifyWebhook() {
  const requests: NotifyRequest[] = []
  let standing: NotifyAnswer = { status: 200, body: 'ok' }
  const next: NotifyAnswer[] = []
  const waiters: { count: number; resolve: () => void }[] = []
  const hung: { recorded: NotifyRequest; answer: (status: number) => void }[] = []
  const server = createServer((request, response) => {
    // A GET reads what was delivered (for tests in other processes); it is not a webhook request.
    if (request.method === 'GET' && request.url === DELIVERED_PATH) {
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(delivered()))
      return
    }
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      const recorded: NotifyRequest = {
        method: request.method ?? '',
        headers: request.headers,
        body: text === '' ? null : JSON.parse(text),
        status: null,
      }
      requests.push(recorded)
      const answer = next.shift() ?? standing
      const respond = (status: number, body = '') => {
        recorded.status = status
        response.writeHead(status, { 'Content-Type': 'text/plain' }).end(body)
      }
      if ('hang' in answer) hung.push({ recorded, answer: respond })
      else respond(answer.status, answer.body)
      for (const waiter of waiters.filter((w) => requests.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1)
        waiter.resolve()
      }
    })
  })
  /** The texts answered with a 2xx: what the reps' channel shows. */
  const delivered = () =>
    requests
      .filter((r) => r.status !== null && r.status >= 200 && r.status < 300)
      .map((r) => (r.body as { text: string }).text)
  const { url, close } = await listenOnLoopback(server)
  return {
    url,
    requests,
    delivered,
    /** Every request from now on is answered this way. */
    answerWith(answer: NotifyAnswer) {
      standing = answer
    },
    /** The next `times` requests get `answer`; then the standing answer again. */
    failNext(times: number, answer: NotifyAnswer = { status: 500, body: 'internal_error' }) {
      for (let i = 0; i < times; i++) next.push(answer)
    },
    /** Answers the requests it left hanging, if their sender still waits. */
    answerHung(status = 200) {
      for (const { answer } of hung.splice(0)) answer(status)
    },
    /** Resolves once `count` requests in all have arrived (at once if they have). */
    waitForRequests(count: number): Promise<void> {
      if (requests.length >= count) return Promise.resolve()
      return new Promise((resolve) => waiters.push({ count, resolve }))
    },
    close,
  }
}

export type FakeNotifyWebhook = Awaited<ReturnType<typeof startFakeNotifyWebhook>>
