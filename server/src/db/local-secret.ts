import { randomBytes } from 'node:crypto'
import { closeSync, openSync, readFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { StorageError } from './filesystem-errors.ts'

/** Its name is older than its one use: kept, so every data directory keeps its secret. */
export const SECRET_FILE = 'jwt-secret'

/**
 * The data directory's own secret, made once so the key derived from it (of the hashes that stand in
 * for phone numbers and addresses) survives restarts, and no secret ships in the repository. Tests
 * use an in-memory one instead.
 */
export function loadOrCreateLocalSecret(dataDir: string): string {
  const path = join(dataDir, SECRET_FILE)
  try {
    const secret = readFileSync(path, 'utf8').trim()
    if (secret.length >= 32) return secret
    throw new StorageError(`The local secret in ${path} is too short; delete the file to make a new one.`, {
      path,
    })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const secret = createLocalSecret()
  const fd = openSync(path, 'wx', 0o600)
  try {
    writeSync(fd, `${secret}\n`)
  } finally {
    closeSync(fd)
  }
  return secret
}

export const createLocalSecret = (): string => randomBytes(32).toString('base64url')
