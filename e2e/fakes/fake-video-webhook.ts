import { createServer, type IncomingMessage } from 'node:http'
import { listenOnLoopback } from '../../server/src/testing/listen-loopback.ts'

/** What the fake's conversation page received from the widget: one entry per message event. */
export interface ReceivedFrameMessage {
  conversationId: string
  /** The sender's origin, as the page saw it (the product's, or a partner page's). */
  origin: string
  data: unknown
}

/** The replica id the e2e product sends in the webhook body. */
export const E2E_VIDEO_REPLICA_ID = 'r-e2e-replica'
/**
 * The e2e product's call length: long enough that no test's call ends by itself while the test still
 * works in it, even on a busy machine. The test that watches a call end at 0 moves the page's clock.
 */
export const E2E_VIDEO_SECONDS = 60

const WEBHOOK_PATH = '/webhook'
/** Not the platform's: where tests read what the fake recorded. Never recorded themselves. */
const MESSAGES_PATH = '/__messages'
const WEBHOOK_REQUESTS_PATH = '/__webhook-requests'

/**
 * The conversation page: a stand-in for the platform's call page that, like the real one, listens for
 * `toggleMute` / `toggleCamera` messages. It shows and reports each message it receives (same origin
 * as the fake, so no CORS), with the sender's origin.
 */
const conversationPage = (conversationId: string) => `<!doctype html>
<html lang="en">
<meta charset="utf-8" />
<title>Fake conversation ${conversationId}</title>
<style>
  body { margin: 0; height: 100vh; display: grid; place-items: center; background: #0f172a; color: #e2e8f0;
    font: 16px/1.5 system-ui, sans-serif; text-align: center; }
  ol { padding: 0; list-style: none; font: 13px/1.6 ui-monospace, monospace; color: #94a3b8; }
</style>
<main>
  <p>Fake video conversation <strong>${conversationId}</strong></p>
  <ol id="messages"></ol>
</main>
<script>
  addEventListener('message', (event) => {
    const item = document.createElement('li')
    item.textContent = JSON.stringify(event.data)
    document.getElementById('messages').append(item)
    fetch('${MESSAGES_PATH}', {
      method: 'POST',
      body: JSON.stringify({ conversationId: '${conversationId}', origin: event.origin, data: event.data }),
    })
  })
</script>
</html>`

const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * A loopback fake of the video automation webhook: `POST /webhook` answers
 * `conversation_id` and a `conversation_url` on this fake, whose page records the messages it gets.
 */
export async function startFakeVideoWebhook() {
  const webhookRequests: unknown[] = []
  const messages: ReceivedFrameMessage[] = []
  let conversations = 0
  const server = createServer(async (request, response) => {
    const path = new URL(request.url ?? '/', 'http://fake').pathname
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    if (request.method === 'POST' && path === WEBHOOK_PATH) {
      const text = await readBody(request)
      webhookRequests.push(JSON.parse(text))
      // A business named "… Fail-401 …" (or 500, or Timeout) makes the platform fail its calls that way.
      const failure = /Fail-(401|500|Timeout)/.exec(text)?.[1]
      if (failure === '401') return json(401, { message: 'Invalid API key', error: 'Unauthorized' })
      if (failure === '500') return json(500, { message: 'error' })
      if (failure === 'Timeout') return // no answer: the server's timeout decides
      const id = `conv-e2e-${++conversations}`
      return json(200, { conversation_id: id, conversation_url: `${url}/conversations/${id}` })
    }
    if (request.method === 'GET' && path.startsWith('/conversations/')) {
      const id = path.slice('/conversations/'.length).replace(/[^\w-]/g, '')
      return void response
        .writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
        .end(conversationPage(id))
    }
    if (request.method === 'POST' && path === MESSAGES_PATH) {
      messages.push(JSON.parse(await readBody(request)) as ReceivedFrameMessage)
      return void response.writeHead(204).end()
    }
    if (request.method === 'GET' && path === MESSAGES_PATH) return json(200, messages)
    if (request.method === 'GET' && path === WEBHOOK_REQUESTS_PATH) return json(200, webhookRequests)
    json(404, { message: 'Not found' })
  })
  const { url, close } = await listenOnLoopback(server)
  return {
    url,
    close,
  }
}

/** The product's environment for video calls through the fake at `url` (a loopback host, so listed). */
export const videoEnv = (url: string): Record<string, string> => ({
  VIDEO_WEBHOOK_URL: `${url}${WEBHOOK_PATH}`,
  VIDEO_REPLICA_ID: E2E_VIDEO_REPLICA_ID,
  VIDEO_ALLOWED_HOSTS: '127.0.0.1',
  VIDEO_MAX_DURATION_SECONDS: String(E2E_VIDEO_SECONDS),
  // The suite calls the same prospect from one address far more often than a visitor would.
  VIDEO_LIMIT_PER_IP_HOURLY: '1000',
  VIDEO_LIMIT_PER_PROSPECT_DAILY: '1000',
  VIDEO_LIMIT_GLOBAL_DAILY: '1000',
})

/** No video settings, whatever the shell sets: the product whose video calls are not configured. */
export const NO_VIDEO_ENV: Record<string, undefined> = {
  VIDEO_WEBHOOK_URL: undefined,
  VIDEO_REPLICA_ID: undefined,
  TAVUS_API_KEY: undefined,
  TAVUS_PERSONA_ID: undefined,
}

const fakeUrl = (): string => {
  const url = process.env.E2E_VIDEO_URL
  if (!url) throw new Error('E2E_VIDEO_URL is not set: run the tests with `npx playwright test`')
  return url
}

/** The messages the fake's conversation page `conversationId` has received so far. */
export async function readFrameMessages(conversationId: string): Promise<ReceivedFrameMessage[]> {
  const all = (await (await fetch(`${fakeUrl()}${MESSAGES_PATH}`)).json()) as ReceivedFrameMessage[]
  return all.filter((message) => message.conversationId === conversationId)
}

/** The bodies our server POSTed to the webhook so far. */
export async function readWebhookRequests(): Promise<unknown[]> {
  return (await (await fetch(`${fakeUrl()}${WEBHOOK_REQUESTS_PATH}`)).json()) as unknown[]
}
