import { chmodSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { toThreadError } from './database-thread-protocol.ts'
import { PRIVATE_FILE_MODE } from './private-data-dir.ts'
import type { SqlDatabase } from './sql-database.ts'

/** The socket a server on the embedded database listens on, beside its lock file. */
export const SOCKET_FILE = 'server.sock'
/** `POST`: a v8-serialized `{ text, params }`, answered `{ rows }` or `{ error }` (a ThreadError). */
export const QUERY_PATH = '/query'
/** `GET`: `{ origin }` as JSON, the address the server gave people as it started. */
export const ORIGIN_PATH = '/origin'
export const SERIALIZED = 'application/x-v8-serialized'
/**
 * The longest socket path every Unix takes (macOS: 104 bytes with the final NUL; Linux: 108). Node
 * cuts a longer one short without a word, which could put the socket outside the data directory.
 */
export const MAX_SOCKET_PATH_BYTES = 103

export interface DatabaseSocket {
  readonly path: string
  /** Refuses new requests, lets those under way finish, then stops listening. Safe to call twice. */
  close(): Promise<void>
}

/** Why the socket cannot be made here, for the operator; null when it can. */
export function explainNoSocket(dataDir: string): string | null {
  if (process.platform === 'win32') return 'Windows has no Unix sockets'
  const bytes = Buffer.byteLength(join(dataDir, SOCKET_FILE))
  return bytes > MAX_SOCKET_PATH_BYTES
    ? `the data directory's path is too long for a socket in it (${bytes} bytes; at most ${MAX_SOCKET_PATH_BYTES})`
    : null
}

/**
 * Serves the database to this machine's commands (`npm run reps`, `npm run prospects`) while the
 * server holds the embedded database, which one process alone may open. The socket is a file in the
 * data directory (0700), itself 0600: only the account that owns the data, which could read every
 * file of it anyway, can connect, so the filesystem is the authentication and nothing listens on TCP.
 * It serves the database port and nothing else: one statement and its parameters in, its rows or its
 * error (with SQLSTATE `code`) out, each in a transaction of its own, so a statement such as `begin`
 * cannot leave the server's one session inside a transaction; and the server's public origin.
 */
export async function serveDatabaseSocket(
  dataDir: string,
  db: SqlDatabase,
  origin: string,
): Promise<DatabaseSocket> {
  const path = join(dataDir, SOCKET_FILE)
  // The caller holds the data directory's lock, so a socket file here is a dead server's.
  rmSync(path, { force: true })
  let active = 0
  let closing = false
  let drained: (() => void) | undefined
  const server = createServer((req, res) => {
    if (closing) {
      res.writeHead(503, { Connection: 'close' }).end('The server is stopping.')
      return
    }
    active++
    answer(req, res, db, origin).finally(() => {
      active--
      if (active === 0) drained?.()
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(path, () => {
      server.off('error', reject)
      resolve()
    })
  })
  try {
    chmodSync(path, PRIVATE_FILE_MODE)
  } catch (error) {
    server.close()
    throw error
  }
  let closed: Promise<void> | undefined
  return {
    path,
    close() {
      closed ??= (async () => {
        closing = true
        // A statement under way ends and is answered: cutting it off would tell the command it failed
        // when it may have committed.
        if (active > 0) await new Promise<void>((resolve) => (drained = resolve))
        await new Promise<void>((resolve) => {
          server.close(() => resolve()) // and Node deletes the socket file
          server.closeAllConnections()
        })
      })()
      return closed
    },
  }
}

async function answer(req: IncomingMessage, res: ServerResponse, db: SqlDatabase, origin: string) {
  try {
    if (req.method === 'GET' && req.url === ORIGIN_PATH) {
      req.resume()
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ origin }))
      return
    }
    if (req.method !== 'POST' || req.url !== QUERY_PATH) {
      req.resume()
      res.writeHead(404).end()
      return
    }
    const request = deserialize(await readBody(req)) as { text?: unknown; params?: unknown }
    if (typeof request.text !== 'string' || !Array.isArray(request.params)) {
      res.writeHead(400).end('Send { text, params }.')
      return
    }
    const { text, params } = request as { text: string; params: unknown[] }
    let reply: unknown
    try {
      reply = { rows: (await db.transaction((tx) => tx.query(text, params))).rows }
    } catch (error) {
      reply = { error: toThreadError(error) }
    }
    res.writeHead(200, { 'Content-Type': SERIALIZED }).end(serialize(reply))
  } catch (error) {
    if (!res.headersSent) res.writeHead(400).end(error instanceof Error ? error.message : String(error))
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = []
  for await (const part of req) parts.push(part as Buffer)
  return Buffer.concat(parts)
}
