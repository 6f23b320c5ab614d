/** What a keyed hash stands in for; part of the hashed text, so equal values of two kinds never match. */
export type HashedKind = 'phone' | 'ip' | 'email' | 'visit'

/** HMAC-SHA256 (hex) of a value under the server's secret. */
export type KeyedHash = (kind: HashedKind, value: string) => Promise<string>

const encoder = new TextEncoder()

/**
 * Phone numbers, client addresses and sign-in emails are stored and counted only as HMACs keyed with a server
 * secret: equal inputs still match (limits, idempotency), but a copy of the database cannot be
 * reversed by hashing every possible number, as a plain hash of a 10-digit number could be.
 * Web Crypto, so it runs on the edge as on Node.
 */
export function createKeyedHash(secret: string): KeyedHash {
  const sign = createHmac(secret)
  return (kind, value) => sign(`${kind}:${value}`)
}

/**
 * The embedded database's hash secret, derived from its data directory's local secret so that it is stable across
 * restarts of one data directory and nobody has to configure it. Hosted mode sets CALL_HASH_SECRET.
 */
export const deriveCallHashSecret = (localSecret: string): Promise<string> =>
  createHmac(localSecret)('call-hash-secret/v1')

/** HMAC-SHA256 (hex) of texts under `secret`; Web Crypto. */
export function createHmac(secret: string): (text: string) => Promise<string> {
  const key = crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return async (text) => {
    const signature = await crypto.subtle.sign('HMAC', await key, encoder.encode(text))
    return Array.from(new Uint8Array(signature), (byte) => byte.toString(16).padStart(2, '0')).join('')
  }
}
