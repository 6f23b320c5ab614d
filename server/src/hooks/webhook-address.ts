import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { hostPortOf, isPublicAddress } from '../common/address-guard.ts'

/** A host name's addresses, every one of them (what `dns.lookup(name, { all: true })` answers). */
export type LookupAll = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>

/**
 * Where deliveries may go. The product's rule is the website reader's: only the public internet,
 * judged on every address a name resolves to, and only https, since a delivery carries prospects'
 * names. The one exception is made by test wiring (a loopback receiver), never by a setting a person
 * can change: a webhook's address is typed by an admin, and a server that posts to addresses people
 * type is a way into the network it runs on.
 */
export interface WebhookAddressRule {
  /** `host:port`s exempt from both rules; empty in the product. */
  readonly exempt: ReadonlySet<string>
  /** The resolver; the system's by default. */
  readonly lookup?: LookupAll
}

export const PUBLIC_ONLY: WebhookAddressRule = { exempt: new Set() }

/** Why an address is refused, in the admin's words; `permanent`: no try will change it. */
export class WebhookAddressError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message)
    this.name = 'WebhookAddressError'
  }
}

/** The address's form: an http(s) URL without credentials, https unless exempt. Throws WebhookAddressError. */
export function parseWebhookUrl(address: string, rule: WebhookAddressRule): URL {
  let url: URL
  try {
    url = new URL(address.trim())
  } catch {
    throw new WebhookAddressError('That is not a web address, like https://hooks.example.com/callpilot', true)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WebhookAddressError('Only https addresses can receive webhooks', true)
  }
  if (url.username || url.password) {
    throw new WebhookAddressError('An address with a name or password in it cannot receive webhooks', true)
  }
  const exempt = rule.exempt.has(hostPortOf(url))
  if (url.protocol !== 'https:' && !exempt) {
    throw new WebhookAddressError(
      "Only https addresses can receive webhooks: deliveries carry your prospects' names",
      true,
    )
  }
  url.hash = ''
  return url
}

/**
 * The addresses to connect to for `url`, every one of them checked: a name that resolves to a private
 * or loopback address (or to several, one of them private) is refused. The caller connects to these
 * and no others, so a second DNS answer cannot switch the delivery to the inside.
 */
export async function resolveWebhookAddresses(
  url: URL,
  rule: WebhookAddressRule,
): Promise<{ address: string; family: 4 | 6 }[]> {
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1')
  const literal = isIP(hostname)
  let addresses: { address: string; family: 4 | 6 }[]
  if (literal) addresses = [{ address: hostname, family: literal === 6 ? 6 : 4 }]
  else {
    try {
      addresses = await (rule.lookup ?? lookupAll)(hostname)
    } catch {
      addresses = []
    }
    // A name that is not in DNS today may be tomorrow: tried again.
    if (addresses.length === 0) throw new WebhookAddressError(`The name ${hostname} was not found`, false)
  }
  if (!rule.exempt.has(hostPortOf(url)) && !addresses.every(({ address }) => isPublicAddress(address))) {
    throw new WebhookAddressError(
      'That address is on a private network: webhooks only go to the internet',
      true,
    )
  }
  return addresses
}

async function lookupAll(hostname: string): Promise<{ address: string; family: 4 | 6 }[]> {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true })
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }))
}
