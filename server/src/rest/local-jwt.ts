import { sign, verify } from 'hono/jwt'
import { createPgrstError, type PgrstError } from './pgrst-error.ts'

/** The database roles a request may act as; a token naming any other role (say `postgres`) is refused. */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const
export type ApiRole = (typeof API_ROLES)[number]

export interface RequestAuth {
  role: ApiRole
  claims: Record<string, unknown>
}

const TEN_YEARS_S = 10 * 365 * 24 * 60 * 60

/** A key like Supabase's `anon` and `service_role` keys: an HS256 JWT whose `role` claim picks the role. */
export async function signLocalKey(secret: string, role: ApiRole): Promise<string> {
  const iat = Math.floor(Date.now() / 1000)
  return sign({ iss: 'supabase-local', role, iat, exp: iat + TEN_YEARS_S }, secret, 'HS256')
}

const invalidToken = (message: string): PgrstError => createPgrstError(401, 'PGRST301', message)

/**
 * Reads the role from the request's JWT as Supabase does: `Authorization: Bearer` wins, else the
 * `apikey` header. Both, when present, must be signed by our secret. Throws PgrstError (401).
 */
export async function authenticateRequest(headers: Headers, secret: string): Promise<RequestAuth> {
  const bearer = /^Bearer\s+(\S+)$/i.exec(headers.get('Authorization') ?? '')?.[1]
  const apikey = headers.get('apikey') ?? undefined
  const token = bearer ?? apikey
  if (!token) {
    // The local layer has no anonymous fallback role: every request must say who it is.
    throw createPgrstError(401, 'PGRST302', 'Anonymous access is disabled', null, 'Send an apikey header.')
  }
  if (apikey && apikey !== token) await verifyToken(apikey, secret, 'Invalid API key')
  const claims = await verifyToken(token, secret)
  const role = claims.role ?? 'anon'
  if (!API_ROLES.includes(role as ApiRole)) throw invalidToken(`JWT role "${String(role)}" is not allowed`)
  return { role: role as ApiRole, claims }
}

async function verifyToken(
  token: string,
  secret: string,
  failure?: string,
): Promise<Record<string, unknown>> {
  try {
    return await verify(token, secret, 'HS256')
  } catch (error) {
    const name = error instanceof Error ? error.name : ''
    // PostgREST's own wording; never echo the token (hono's messages include it).
    if (failure) throw invalidToken(failure)
    if (name === 'JwtTokenExpired') throw invalidToken('JWT expired')
    if (name === 'JwtTokenSignatureMismatched') throw invalidToken('JWSError JWSInvalidSignature')
    throw invalidToken('JWSError (CompactDecodeError Invalid number of parts)')
  }
}
