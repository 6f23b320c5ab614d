import { chmodSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import { functionCallSql } from '../data/database.ts'
import { CHUNK_CHARACTERS } from '../data/import-jobs.ts'
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
 * The largest request the socket reads, so that no client makes the server hold more than this in
 * memory. The largest the commands send is one chunk of an import's rows: values of at most
 * CHUNK_CHARACTERS characters, up to two bytes each once serialized, and their field names; twice
 * that leaves room.
 */
export const MAX_REQUEST_BYTES = 4 * CHUNK_CHARACTERS
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
 * It serves what the commands need of the database port and nothing else (runRequest): one statement
 * and its parameters in, its rows or its error (with SQLSTATE `code`) out; and the server's public
 * origin. A request larger than MAX_REQUEST_BYTES is refused (413) and its connection closed.
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
    const body = await readBody(req)
    if (body === null) {
      // Answered at once and the connection closed: the rest of the request is never read.
      res.writeHead(413, { Connection: 'close' }).end(`A request takes at most ${MAX_REQUEST_BYTES} bytes.`)
      res.once('finish', () => req.socket.destroy())
      return
    }
    const request = deserialize(body) as { text?: unknown; params?: unknown }
    if (typeof request.text !== 'string' || !Array.isArray(request.params)) {
      res.writeHead(400).end('Send { text, params }.')
      return
    }
    const { text, params } = request as { text: string; params: unknown[] }
    let reply: unknown
    try {
      reply = { rows: await runRequest(db, text, params) }
    } catch (error) {
      reply = { error: toThreadError(error) }
    }
    res.writeHead(200, { 'Content-Type': SERIALIZED }).end(serialize(reply))
  } catch (error) {
    if (!res.headersSent) res.writeHead(400).end(error instanceof Error ? error.message : String(error))
  }
}

/** `select public.<function>("<argument>" => $1, …) as result`, as callFunction sends it. */
const FUNCTION_CALL =
  /^select public\.([a-z_][a-z0-9_]*)\(((?:"[a-z_][a-z0-9_]*" => \$\d+(?:, )?)*)\) as result$/
/** A read, as far as its first word says: the read-only transaction it runs in refuses any write. */
const READ = /^\s*(?:select|with)\b/i

/**
 * Runs one request of a command, as the server's one database session must come out of it: as it
 * went in. The commands send two kinds of statement, and only these run:
 * - a call of one of the app's functions exactly as callFunction (data/database.ts) writes it, in a
 *   transaction of its own that commits: the functions are how the app writes, with its rules;
 * - a read (`select …`, `with … select …`), in a read-only transaction that is then rolled back:
 *   Postgres itself refuses a write in it (a data-modifying `with`, `select … into`, `nextval`), and
 *   the rollback undoes what a read may change of the session (`set_config`).
 * Anything else (`set`, `begin`, `insert`, `listen`, `prepare`, …) is refused with SQLSTATE 42501, the
 * command printing why. A request is one statement: PGlite sends each as a prepared statement, which
 * Postgres refuses to hold two. After each request the session is reset (`discard all`), dropping what no transaction
 * undoes, such as a session's advisory locks.
 */
async function runRequest(db: SqlDatabase, text: string, params: unknown[]): Promise<unknown[]> {
  const run = isFunctionCall(text, params.length)
    ? async () => (await db.transaction((tx) => tx.query(text, params))).rows
    : READ.test(text)
      ? () => readOnly(db, text, params)
      : null
  if (run === null) {
    const shown = text.replace(/\s+/g, ' ').trim()
    throw Object.assign(
      new Error(
        "The running server's database socket runs the app's database functions and reads (select), nothing " +
          `else; it refused "${shown.length > 80 ? `${shown.slice(0, 80)}…` : shown}".`,
      ),
      { code: '42501' },
    )
  }
  try {
    return await run()
  } finally {
    await db.query('discard all')
  }
}

function isFunctionCall(text: string, paramCount: number): boolean {
  const match = FUNCTION_CALL.exec(text)
  if (!match?.[1]) return false
  const names = [...(match[2] ?? '').matchAll(/"([a-z0-9_]+)"/g)].map((name) => name[1] ?? '')
  return names.length === paramCount && functionCallSql(match[1], names) === text
}

const ROLLBACK = Symbol('rollback')

async function readOnly(db: SqlDatabase, text: string, params: unknown[]): Promise<unknown[]> {
  let rows: unknown[] = []
  try {
    await db.transaction(async (tx) => {
      await tx.query('set transaction read only')
      rows = (await tx.query(text, params)).rows
      throw ROLLBACK
    })
  } catch (error) {
    if (error !== ROLLBACK) throw error
  }
  return rows
}

/** The request's body, or null when it is larger than MAX_REQUEST_BYTES (the rest is left unread). */
function readBody(req: IncomingMessage): Promise<Buffer | null> {
  if (Number(req.headers['content-length']) > MAX_REQUEST_BYTES) return Promise.resolve(null)
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = []
    let size = 0
    const onData = (part: Buffer) => {
      size += part.length
      if (size <= MAX_REQUEST_BYTES) {
        parts.push(part)
        return
      }
      req.off('data', onData)
      req.pause()
      resolve(null)
    }
    req.on('data', onData)
    req.once('end', () => resolve(Buffer.concat(parts)))
    req.once('error', reject)
  })
}
