import { lstatSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { join } from 'node:path'
import { deserialize, serialize } from 'node:v8'
import type { Db } from '../data/database.ts'
import { MAX_REQUEST_BYTES, ORIGIN_PATH, QUERY_PATH, SERIALIZED, SOCKET_FILE } from './database-socket.ts'
import { fromThreadError, type ThreadError } from './database-thread-protocol.ts'
import { StorageError } from './filesystem-errors.ts'
import { refuseForeignOwner } from './private-data-dir.ts'

/** The database of a server that runs on the embedded database, reached through its socket. */
export interface ServerDatabase {
  db: Db
  /** The address the server gave people as it started: SITE_URL, or its own http://HOST:PORT. */
  origin: string
  close(): Promise<void>
}

/**
 * Connects to the socket of the server that holds `dataDir` (database-socket.ts) and asks its
 * origin, which also proves it answers. Each query is one request; a refusal comes back as the
 * database's own error (its SQLSTATE `code`, `detail`, …), so callers read it as if the database were
 * here. A socket that is missing or refuses is an error with Node's code (ENOENT, ECONNREFUSED).
 *
 * Before connecting, the socket must be a socket of this account (checkServerSocket): what the
 * commands send (a rep's one-time link, prospects) must reach our server and no other account's
 * program. The data directory itself was made this account's only as the command tried to open it
 * (openEmbeddedDatabase), so nobody else can put another socket in its place meanwhile. `uid` is
 * the account running this process; tests pretend to be another.
 */
export async function connectDatabaseSocket(
  dataDir: string,
  uid: number | undefined = process.getuid?.(),
): Promise<ServerDatabase> {
  const socketPath = join(dataDir, SOCKET_FILE)
  checkServerSocket(socketPath, uid)
  // A connection per request: a Unix socket connects in microseconds, and a kept-alive connection
  // that the server closes as it is reused would fail a statement that never reached it.
  const agent = new Agent({ keepAlive: false })
  const send = (method: 'GET' | 'POST', path: string, body?: Buffer) =>
    new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
      const req = request(
        { socketPath, agent, method, path, headers: { 'Content-Type': SERIALIZED } },
        (res) => {
          const parts: Buffer[] = []
          res.on('data', (part: Buffer) => parts.push(part))
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) }))
          res.on('error', reject)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  const refused = (status: number, body: Buffer) =>
    new Error(`The running server refused the request (${status}): ${body.toString('utf8').slice(0, 200)}`)

  try {
    const answer = await send('GET', ORIGIN_PATH)
    if (answer.status !== 200) throw refused(answer.status, answer.body)
    const { origin } = JSON.parse(answer.body.toString('utf8')) as { origin: string }
    const db: Db = {
      async query<T>(text: string, params: unknown[] = []) {
        const body = serialize({ text, params })
        if (body.length > MAX_REQUEST_BYTES) {
          throw new Error(
            `The statement and its parameters are ${body.length} bytes, more than the running server's ` +
              `socket takes (${MAX_REQUEST_BYTES}).`,
          )
        }
        const reply = await send('POST', QUERY_PATH, body)
        if (reply.status !== 200) throw refused(reply.status, reply.body)
        const result = deserialize(reply.body) as { rows: T[] } | { error: ThreadError }
        if ('error' in result) throw fromThreadError(result.error)
        return { rows: result.rows }
      },
    }
    return { db, origin, close: async () => agent.destroy() }
  } catch (error) {
    agent.destroy()
    throw error
  }
}

/**
 * Refuses a socket path that is not a socket of account `uid` (undefined: Windows, no check): a
 * symbolic link, a file, or a socket another account made. A missing one is Node's ENOENT.
 */
export function checkServerSocket(socketPath: string, uid: number | undefined): void {
  const stat = refuseForeignOwner(socketPath, lstatSync, uid)
  if (stat === null) {
    throw Object.assign(new Error(`${socketPath} does not exist`), { code: 'ENOENT', path: socketPath })
  }
  if (!stat.isSocket()) {
    const what = stat.isSymbolicLink() ? 'a symbolic link' : stat.isDirectory() ? 'a directory' : 'a file'
    throw new StorageError(
      `${socketPath} is ${what}, not the running server's socket; remove it, then start the server again.`,
      { path: socketPath, code: 'EINVAL' },
    )
  }
}
