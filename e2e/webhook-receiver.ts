import { createHmac, timingSafeEqual } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { ADMIN, type RepProduct, startRepProduct } from './rep-product.ts'

/** One request a receiver took: its event header, its body, and whether its signature held. */
export interface ReceivedDelivery {
  deliveryId: string
  event: string
  body: { type: string; prospect: unknown }
  signatureValid: boolean
}

export interface WebhookReceiver {
  /** `http://127.0.0.1:<port>` */
  url: string
  hostPort: string
  received: ReceivedDelivery[]
  /** The secret the page showed, once the test has read it; null: accept any signature's shape. */
  secret: string | null
  close(): Promise<void>
}

/**
 * A team's tool on loopback, checking each delivery as docs/operations.md tells a receiver to: the
 * HMAC-SHA256 of `<t>.<body>` keyed by the secret, and a time within 5 minutes. Answers 200.
 */
export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const receiver: WebhookReceiver = {
    url: '',
    hostPort: '',
    received: [],
    secret: null,
    close: async () => {},
  }
  const server: Server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => {
      text += chunk.toString()
    })
    req.on('end', () => {
      const header = String(req.headers['callpilot-signature'] ?? '')
      const t = /(?:^|,)t=(\d+)/.exec(header)?.[1] ?? ''
      const v1 = /(?:^|,)v1=([0-9a-f]{64})/.exec(header)?.[1] ?? ''
      const fresh = Math.abs(Date.now() / 1000 - Number(t)) < 300
      const signatureValid =
        receiver.secret !== null &&
        v1 !== '' &&
        fresh &&
        timingSafeEqual(
          createHmac('sha256', receiver.secret).update(`${t}.${text}`).digest(),
          Buffer.from(v1, 'hex'),
        )
      receiver.received.push({
        deliveryId: String(req.headers['callpilot-delivery']),
        event: String(req.headers['callpilot-event']),
        body: JSON.parse(text),
        signatureValid,
      })
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('ok')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  receiver.url = `http://127.0.0.1:${port}`
  receiver.hostPort = `127.0.0.1:${port}`
  receiver.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections()
      server.close(() => resolve())
    })
  return receiver
}

/**
 * The built product, started through the test wiring that lets its outgoing webhooks reach
 * `receiver` (the product itself posts to the public internet only), with the command line's rep and
 * admin (rep-product.ts).
 */
export const startWebhookProduct = (prefix: string, receiver: WebhookReceiver): Promise<RepProduct> =>
  startRepProduct(prefix, {
    entry: ['server/src/testing/serve-with-webhook-receivers.ts', receiver.hostPort],
  })

export { ADMIN }
