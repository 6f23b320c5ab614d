import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#core/rep-password.ts'

/** scrypt's cost: N (CPU and memory, a power of 2), r (block size), p (parallelism). */
export interface ScryptCost {
  N: number
  r: number
  p: number
}

/**
 * 2^15 × 8 × 128 bytes = 32 MiB and about 0.1 s per hash on a server core (0.5 s on a busy 2-core
 * machine): slow for a guesser, within an edge function's memory. Each hash carries its own cost,
 * so raising this later leaves existing passwords working.
 */
export const DEFAULT_SCRYPT_COST: ScryptCost = { N: 2 ** 15, r: 8, p: 1 }

const KEY_BYTES = 32
const SALT_BYTES = 16
/** Hashes with a larger cost than this are refused rather than computed (a corrupt or hostile row). */
const MAX_MEMORY = 256 * 1024 * 1024

export interface PasswordHasher {
  /** `scrypt$N$r$p$salt$hash`, salt and hash in base64url; a fresh random salt each time. */
  hash(password: string): Promise<string>
  /** True when `password` is the one `stored` was made from; compared in constant time. */
  verify(password: string, stored: string): Promise<boolean>
  /**
   * Spends the time of one verification and answers false: for an unknown email, so that its answer
   * takes as long as a wrong password's.
   */
  verifyNothing(password: string): Promise<false>
}

/** Node's scrypt (no native module; Deno's `node:crypto` has it too). */
export function createPasswordHasher(cost: ScryptCost = DEFAULT_SCRYPT_COST): PasswordHasher {
  let decoy: Promise<string> | undefined
  const hasher: PasswordHasher = {
    async hash(password) {
      const salt = randomBytes(SALT_BYTES)
      const key = await derive(password, salt, cost, KEY_BYTES)
      return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join(
        '$',
      )
    },
    async verify(password, stored) {
      const parsed = parseHash(stored)
      if (!parsed) return false
      const key = await derive(password, parsed.salt, parsed.cost, parsed.key.length)
      return timingSafeEqual(key, parsed.key)
    },
    async verifyNothing(password) {
      decoy ??= hasher.hash('a password nobody has')
      await hasher.verify(password, await decoy)
      return false
    },
  }
  return hasher
}

function parseHash(stored: string) {
  const [scheme, n, r, p, salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || salt === undefined || key === undefined) return null
  const cost = { N: Number(n), r: Number(r), p: Number(p) }
  const sane =
    Number.isInteger(cost.N) &&
    cost.N > 1 &&
    (cost.N & (cost.N - 1)) === 0 &&
    Number.isInteger(cost.r) &&
    cost.r > 0 &&
    Number.isInteger(cost.p) &&
    cost.p > 0 &&
    memoryOf(cost) <= MAX_MEMORY
  const keyBytes = Buffer.from(key, 'base64url')
  return sane && keyBytes.length >= 16 ? { cost, salt: Buffer.from(salt, 'base64url'), key: keyBytes } : null
}

const memoryOf = (cost: ScryptCost) => 128 * cost.N * cost.r * cost.p

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const options = { ...cost, maxmem: memoryOf(cost) + 1024 * 1024 }
    scrypt(password.normalize('NFC'), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    )
  })
}

/** The password rule (core/rep-password.ts) as a new password is checked before it is hashed. */
export const isAllowedPassword = (password: string): boolean =>
  [...password].length >= PASSWORD_MIN_LENGTH && password.length <= PASSWORD_MAX_LENGTH
