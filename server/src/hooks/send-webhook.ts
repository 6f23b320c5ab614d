import { createHmac } from 'node:crypto'
import { request as httpRequest, type RequestOptions } from 'node:http'
import { request as httpsRequest } from 'node:https'
import type { LookupFunction } from 'node:net'
import {
  parseWebhookUrl,
  resolveWebhookAddresses,
  WebhookAddressError,
  type WebhookAddressRule,
} from './webhook-address.ts'

/** The headers a delivery carries; docs/operations.md shows a receiver reading them. */
export const SIGNATURE_HEADER = 'CallPilot-Signature'
export const DELIVERY_HEADER = 'CallPilot-Delivery'
export const EVENT_HEADER = 'CallPilot-Event'
export const WEBHOOK_USER_AGENT = 'CallPilot-Webhooks/1'

/**
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed by the secret>`, as Stripe signs: the
 * time is inside what is signed, so a receiver that refuses old times cannot be fed a replay.
 */
export function signWebhook(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')
  return `t=${unixSeconds},v1=${mac}`
}

export interface WebhookRequest {
  url: string
  secret: string
  body: string
  deliveryId: string
  eventType: string
}

export type WebhookAnswer =
  | { ok: true; status: number }
  /** `permanent`: an address no try will reach (refused by the rule); otherwise tried again. */
  | { ok: false; status: number | null; error: string; permanent: boolean }

/** The most of a receiver's answer read (and thrown away): the status is what counts. */
const MAX_ANSWER_BYTES = 64 * 1024

/**
 * One try of one delivery: the address checked by the rule (after DNS, every address), the connection
 * pinned to what was checked, signed at the wall clock's time (the receiver compares it with its own), redirects not followed (a redirect could lead inside), and the whole try,
 * connecting to the answer's last byte, within `timeoutMs`. Never throws: the answer says how it went,
 * in words for the delivery log.
 */
export async function sendWebhook(
  request: WebhookRequest,
  options: { rule: WebhookAddressRule; timeoutMs: number },
): Promise<WebhookAnswer> {
  const signal = AbortSignal.timeout(options.timeoutMs)
  let url: URL
  let addresses: { address: string; family: 4 | 6 }[]
  try {
    url = parseWebhookUrl(request.url, options.rule)
    addresses = await resolveWebhookAddresses(url, options.rule)
  } catch (error) {
    if (error instanceof WebhookAddressError) {
      return {
        ok: false,
        status: null,
        error: `Not sent: ${lowerFirst(error.message)}`,
        permanent: error.permanent,
      }
    }
    return { ok: false, status: null, error: 'Not sent: the address could not be checked', permanent: false }
  }
  const body = Buffer.from(request.body)
  const https = url.protocol === 'https:'
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const requestOptions: RequestOptions & { servername?: string } = {
    hostname,
    port: url.port || (https ? 443 : 80),
    path: `${url.pathname}${url.search}`,
    method: 'POST',
    headers: {
      Host: url.host,
      'Content-Type': 'application/json',
      'Content-Length': String(body.length),
      'User-Agent': WEBHOOK_USER_AGENT,
      [SIGNATURE_HEADER]: signWebhook(request.secret, request.body, Math.floor(Date.now() / 1000)),
      [DELIVERY_HEADER]: request.deliveryId,
      [EVENT_HEADER]: request.eventType,
    },
    agent: false,
    lookup: pinnedLookup(addresses),
    signal,
  }
  if (https && hostname !== '' && !/^[\d.:]+$/.test(hostname)) requestOptions.servername = hostname
  const seconds = Math.round(options.timeoutMs / 100) / 10
  return await new Promise<WebhookAnswer>((resolve) => {
    const fail = (error: unknown) => {
      resolve({ ok: false, status: null, error: describeFailure(error, signal, seconds), permanent: false })
    }
    const outgoing = (https ? httpsRequest : httpRequest)(requestOptions, (response) => {
      const status = response.statusCode ?? 0
      let read = 0
      response.on('data', (chunk: Buffer) => {
        read += chunk.length
        // The status is known; the rest of a long answer is not waited for.
        if (read > MAX_ANSWER_BYTES) response.destroy()
      })
      response.on('end', () => resolve(answerFor(status)))
      // Cut off: by the deadline (a receiver that sent its headers and hangs), or by either side.
      response.on('close', () => (signal.aborted ? fail(signal.reason) : resolve(answerFor(status))))
      response.on('error', () => {})
    })
    outgoing.on('error', fail)
    outgoing.end(body)
  })
}

function answerFor(status: number): WebhookAnswer {
  if (status >= 200 && status <= 299) return { ok: true, status }
  if (status >= 300 && status <= 399) {
    return {
      ok: false,
      status,
      error: `The receiver answered HTTP ${status}, a redirect: webhooks do not follow redirects, so give the final address`,
      permanent: false,
    }
  }
  return { ok: false, status, error: `The receiver answered HTTP ${status}`, permanent: false }
}

function describeFailure(error: unknown, signal: AbortSignal, seconds: number): string {
  if (signal.aborted) return `The receiver did not answer within ${seconds} s`
  const code = (error as { code?: unknown } | null)?.code
  if (code === 'ECONNREFUSED') return 'The receiver could not be reached: the connection was refused'
  if (code === 'ECONNRESET') return 'The receiver closed the connection before answering'
  if (
    (typeof code === 'string' && code.startsWith('ERR_TLS')) ||
    code === 'CERT_HAS_EXPIRED' ||
    code === 'DEPTH_ZERO_SELF_SIGNED_CERT' ||
    code === 'UNABLE_TO_VERIFY_LEAF_SIGNATURE'
  ) {
    return "The receiver's certificate could not be trusted"
  }
  return `The receiver could not be reached${typeof code === 'string' ? ` (${code})` : ''}`
}

/** The socket's resolver: answers with the addresses already checked, whatever DNS says now. */
function pinnedLookup(addresses: readonly { address: string; family: 4 | 6 }[]): LookupFunction {
  return (_hostname, lookupOptions, callback) => {
    if (lookupOptions.all) {
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      )
    } else {
      const first = addresses[0] as { address: string; family: 4 | 6 }
      callback(null, first.address, first.family)
    }
  }
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1)
