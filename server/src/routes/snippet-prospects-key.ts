import { AppError } from '#core/errors.ts'

const BEARER = /^Bearer[ \t]+(\S.*)$/i

/**
 * Checks `Authorization: Bearer <secret>`: `sales_tools_disabled` when no secret is configured (so
 * the answer says nothing about keys), else `sales_tools_unauthorized` for a missing or wrong token.
 * Both sides are hashed with SHA-256 (Web Crypto, so it runs on the edge too) and the digests are
 * compared byte by byte without stopping early: the time taken says nothing about how much of a
 * guess was right, nor about the secret's length.
 */
export async function assertSalesKey(
  authorization: string | undefined,
  secret: string | null,
): Promise<void> {
  if (secret === null) throw new AppError('sales_tools_disabled')
  const token = BEARER.exec(authorization ?? '')?.[1]?.trim() ?? ''
  const [given, expected] = await Promise.all([sha256(token), sha256(secret)])
  let difference = 0
  for (let i = 0; i < expected.length; i++) difference |= (given[i] ?? 0) ^ (expected[i] ?? 0)
  if (difference !== 0 || token === '') throw new AppError('sales_tools_unauthorized')
}

const sha256 = async (text: string): Promise<Uint8Array> =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)))
