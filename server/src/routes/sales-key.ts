import { AppError } from '#core/errors.ts'

const BEARER = /^Bearer[ \t]+(\S.*)$/i

/**
 * Checks `Authorization: Bearer <secret>`: `sales_tools_disabled` when no secret is configured (so
 * the answer says nothing about keys), else `sales_tools_unauthorized` for a missing or wrong token.
 * The comparison is the platform's own: Web Crypto's HMAC `verify` of the token against the secret's
 * HMAC (under a key made for this process), which compares in constant time, on Node and on the
 * edge alike. So the time taken says nothing about how much of a guess was right, nor about the
 * secret's length (the MACs are always 32 bytes).
 */
export async function assertSalesKey(
  authorization: string | undefined,
  secret: string | null,
): Promise<void> {
  if (secret === null) throw new AppError('sales_tools_disabled')
  const token = BEARER.exec(authorization ?? '')?.[1]?.trim() ?? ''
  const key = await macKey
  const expected = await crypto.subtle.sign('HMAC', key, encode(secret))
  const matches = await crypto.subtle.verify('HMAC', key, expected, encode(token))
  if (!matches || token === '') throw new AppError('sales_tools_unauthorized')
}

const encode = (text: string) => new TextEncoder().encode(text)

/** A key for this process only: the MACs are compared, never kept or sent. */
const macKey = crypto.subtle.generateKey({ name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
