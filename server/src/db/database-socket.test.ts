import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { PROSPECT_FIELD_NAMES } from '#core/prospect-fields.ts'
import { callFunction, DatabaseError, type Db } from '../data/database.ts'
import { CHUNK_CHARACTERS } from '../data/import-jobs.ts'
import { openPreparedDatabase } from '../testing/prepared-database.ts'
import {
  type DatabaseSocket,
  explainNoSocket,
  MAX_REQUEST_BYTES,
  SOCKET_FILE,
  serveDatabaseSocket,
} from './database-socket.ts'
import { connectDatabaseSocket, type ServerDatabase } from './database-socket-client.ts'
import { StorageError } from './filesystem-errors.ts'
import { acquireDataDirLock, type DataDirLock } from './lock.ts'
import { openDatabaseStore, StoreConfigError } from './open-store.ts'
import type { SqlDatabase } from './sql-database.ts'

const ORIGIN = 'http://127.0.0.1:8787'

let root: string
let dataDir: string
let db: PGlite
let socket: DatabaseSocket
let client: ServerDatabase
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'db-socket-'))
  dataDir = join(root, 'data')
  mkdirSync(dataDir, { mode: 0o700 })
  db = await openPreparedDatabase(inject('preparedDatabaseImage'))
  // A dead server's socket file is in the way: the next server replaces it.
  writeFileSync(join(dataDir, SOCKET_FILE), 'left behind')
  socket = await serveDatabaseSocket(dataDir, db, ORIGIN)
  client = await connectDatabaseSocket(dataDir)
})
afterAll(async () => {
  await client?.close()
  await socket?.close()
  await db?.close()
  rmSync(root, { recursive: true, force: true })
})

/** A write as the app makes it: a rep added with a one-time link, as `npm run reps -- add` does. */
function addRep(on: Db, email: string) {
  const at = new Date()
  return callFunction(on, 'add_rep', {
    email,
    role: 'rep',
    token_hash: randomBytes(32).toString('hex'),
    at: at.toISOString(),
    expires_at: new Date(at.getTime() + 60_000).toISOString(),
  })
}

describe('the database socket', () => {
  it('is a socket in the data directory that only its owner can open', () => {
    const stat = statSync(join(dataDir, SOCKET_FILE))
    expect(stat.isSocket()).toBe(true)
    expect(stat.mode & 0o777).toBe(0o600)
    expect(client.origin).toBe(ORIGIN)
  })

  it('answers rows as the database gives them: timestamps as Date, jsonb parsed, bigint, null', async () => {
    const text = `select '2027-01-04T09:00:00Z'::timestamptz as at, '{"a": [1, "x"]}'::jsonb as doc, 9007199254740993::bigint as big,
                         null::text as nothing, $1::text as param, array['a', 'b'] as list`
    const here = await db.query(text, ['hello'])
    const there = await client.db.query(text, ['hello'])
    expect(there.rows).toEqual(here.rows)
    expect((there.rows[0] as { at: unknown }).at).toBeInstanceOf(Date)
  })

  it("gives back the database's refusal with its SQLSTATE and details, as a DatabaseError to callFunction", async () => {
    const malformed = await client.db.query(`select '{'::jsonb as doc`).catch((error: unknown) => error)
    expect(malformed).toMatchObject({ code: '22P02', detail: 'The input string ended unexpectedly.' })
    const refused = await callFunction(client.db, 'list_prospects', {
      after_slug: null,
      page_size: 'many' as unknown as number,
    }).catch((error: unknown) => error)
    expect(refused).toBeInstanceOf(DatabaseError)
    expect(refused).toMatchObject({
      code: '22P02',
      message: expect.stringMatching(/^list_prospects: invalid input/),
    })
  })

  it("runs the app's functions as callFunction calls them, and what they write stays", async () => {
    const email = 'through-socket@example.com'
    expect(await addRep(client.db, email)).toMatchObject({ added: true })
    const { rows } = await db.query('select role from public.reps where email = $1', [email])
    expect(rows).toEqual([{ role: 'rep' }])
  })

  it('refuses every statement that is neither a call of a function nor a read, saying so', async () => {
    for (const text of [
      'set default_transaction_read_only = on',
      'begin',
      "insert into public.reps (email, created_at) values ('x@example.com', now())",
      'listen anything',
      'prepare p as select 1',
      'create temp table t (x int)',
    ]) {
      await expect(client.db.query(text, ['x'])).rejects.toMatchObject({
        code: '42501',
        message: expect.stringMatching(
          /^The running server's database socket runs the app's database functions and reads \(select\), nothing else; it refused "/,
        ),
      })
    }
    // A write inside a read is refused by Postgres: the read runs in a read-only transaction.
    await expect(
      client.db.query(
        `with added as (insert into public.reps (email, created_at) values ('y@example.com', now()) returning id)
         select id from added`,
      ),
    ).rejects.toMatchObject({ code: '25006' })
    await expect(client.db.query('select 1 as one into temp copied')).rejects.toMatchObject({ code: '25006' })
    // Two statements are not one: Postgres refuses them together.
    for (const text of [
      'select 1; set default_transaction_read_only = on',
      'select public.delete_prospect("slug" => $1) as result; commit; set default_transaction_read_only = on',
    ]) {
      await expect(client.db.query(text, ['x'])).rejects.toMatchObject({ code: '42601' })
    }
    const { rows } = await db.query(
      "select count(*)::int as n from public.reps where email like '_@example.com'",
    )
    expect(rows).toEqual([{ n: 0 }])
  })

  it("leaves nothing of a request in the server's session: its writes still work after a read that sets things", async () => {
    await client.db.query(
      "select set_config('default_transaction_read_only', 'on', false), pg_advisory_lock(42) is null as locked",
    )
    await expect(client.db.query('select pg_advisory_lock(43), 1 / 0')).rejects.toMatchObject({
      code: '22012',
    })
    const { rows } = await db.query<{ read_only: string; locks: number }>(
      `select current_setting('default_transaction_read_only') as read_only,
              (select count(*)::int from pg_locks where locktype = 'advisory') as locks`,
    )
    expect(rows).toEqual([{ read_only: 'off', locks: 0 }])
    expect(await addRep(db, 'after-the-probe@example.com')).toMatchObject({ added: true })
  })

  it('serves two clients at once while the database works for the server', async () => {
    const other = await connectDatabaseSocket(dataDir)
    try {
      const count = (on: Db) =>
        on.query<{ n: number }>('select count(*)::int as n from public.prospects').then((r) => r.rows[0]?.n)
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => count(i % 3 === 0 ? db : i % 3 === 1 ? client.db : other.db)),
      )
      expect(new Set(answers)).toEqual(new Set([answers[0]]))
    } finally {
      await other.close()
    }
  })

  it('serves the port and nothing else', async () => {
    const ask = (method: string, path: string, body?: string) =>
      new Promise<number>((resolve, reject) => {
        const req = request({ socketPath: join(dataDir, SOCKET_FILE), method, path }, (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        req.end(body)
      })
    expect(await ask('GET', '/query')).toBe(404)
    expect(await ask('POST', '/origin')).toBe(404)
    expect(await ask('GET', '/api/prospects/visitor')).toBe(404)
    expect(await ask('POST', '/query', 'not a serialized request')).toBe(400)
  })

  it('says why it cannot be made where the path is too long for a socket', () => {
    expect(explainNoSocket(dataDir)).toBeNull()
    expect(explainNoSocket(join(root, 'x'.repeat(120)))).toMatch(
      /too long for a socket in it \(\d+ bytes; at most 103\)/,
    )
  })
})

describe('the socket a command connects to', () => {
  it('refuses one that belongs to another account, saying whose it is', async () => {
    const path = join(dataDir, SOCKET_FILE)
    const uid = statSync(path).uid
    const error = await connectDatabaseSocket(dataDir, uid + 1).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(StorageError)
    expect((error as Error).message).toBe(
      `${path} belongs to uid ${uid}, not to this account (uid ${uid + 1}); remove it or fix its owner.`,
    )
  })

  it('refuses a symbolic link or a file in its place', async () => {
    const own = mkdtempSync(join(root, 'impostor-'))
    const path = join(own, SOCKET_FILE)
    symlinkSync(join(dataDir, SOCKET_FILE), path) // to a live socket: connecting would work
    await expect(connectDatabaseSocket(own)).rejects.toThrow(
      `${path} is a symbolic link, not the running server's socket; remove it, then start the server again.`,
    )
    rmSync(path)
    writeFileSync(path, '')
    await expect(connectDatabaseSocket(own)).rejects.toThrow(
      `${path} is a file, not the running server's socket`,
    )
  })
})

describe('the size of a request', () => {
  it("takes the largest the commands send: a chunk of an import's rows, in characters of two bytes", async () => {
    // 500 rows (a chunk's most) of 4,000 characters each: CHUNK_CHARACTERS in all, none of them Latin-1.
    const perRow = CHUNK_CHARACTERS / 500
    const rows = Array.from({ length: 500 }, (_, i) => ({
      ...Object.fromEntries(PROSPECT_FIELD_NAMES.map((name) => [name, null])),
      slug: `row-${i}`,
      system: '€'.repeat(perRow - `row-${i}`.length),
    }))
    const { rows: answer } = await client.db.query<{ n: number; characters: number }>(
      'select jsonb_array_length($1::jsonb) as n, sum(length(r->>$2) + length(r->>$3))::int as characters from jsonb_array_elements($1::jsonb) r',
      [rows, 'slug', 'system'],
    )
    expect(answer).toEqual([{ n: 500, characters: CHUNK_CHARACTERS }])
  })

  it('refuses a larger one before sending it, saying how large it is', async () => {
    await expect(client.db.query('select length($1) as n', ['x'.repeat(MAX_REQUEST_BYTES)])).rejects.toThrow(
      /^The statement and its parameters are \d+ bytes, more than the running server's socket takes \(8000000\)\.$/,
    )
  })

  it('answers a larger one 413 and closes the connection, reading no further: an endless request ends', async () => {
    const req = request({
      socketPath: join(dataDir, SOCKET_FILE),
      method: 'POST',
      path: '/query',
      headers: { 'Transfer-Encoding': 'chunked' },
    })
    req.on('error', () => {}) // the server closes the connection while this side still writes
    const answered = new Promise<{ status: number | undefined; body: string }>((resolve) =>
      req.once('response', (res) => {
        let body = ''
        res.on('data', (part: Buffer) => (body += part.toString()))
        res.on('end', () => resolve({ status: res.statusCode, body }))
        res.on('error', () => resolve({ status: res.statusCode, body }))
      }),
    )
    let response: { status: number | undefined; body: string } | undefined
    void answered.then((answer) => (response = answer))
    const part = Buffer.alloc(64 * 1024, 1)
    let sent = 0
    while (response === undefined && !req.destroyed) {
      sent += part.length
      if (!req.write(part)) await Promise.race([once(req, 'drain'), answered, once(req, 'close')])
    }
    expect(await answered).toEqual({ status: 413, body: 'A request takes at most 8000000 bytes.' })
    expect(sent).toBeGreaterThan(MAX_REQUEST_BYTES)
    req.destroy()
  })
})

describe('closing the socket', () => {
  it('answers the statement under way, refuses new ones, then removes the file', async () => {
    const own = mkdtempSync(join(root, 'close-'))
    let arrived = () => {}
    const arrival = new Promise<void>((resolve) => (arrived = resolve))
    let release = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    // The database is busy with the statement until the test lets it finish.
    const busy: SqlDatabase = {
      query: (text, params) => db.query(text, params),
      exec: (text) => db.exec(text),
      close: async () => {},
      async transaction(fn) {
        arrived()
        await held
        return db.transaction(fn)
      },
    }
    const server = await serveDatabaseSocket(own, busy, ORIGIN)
    const remote = await connectDatabaseSocket(own)
    const waiting = remote.db.query<{ one: number }>('select 1 as one')
    await arrival
    const closed = server.close()
    await expect(remote.db.query('select 2')).rejects.toThrow(
      /refused the request \(503\): The server is stopping/,
    )
    release()
    expect((await waiting).rows).toEqual([{ one: 1 }])
    await closed
    expect(existsSync(join(own, SOCKET_FILE))).toBe(false)
    await expect(remote.db.query('select 1')).rejects.toMatchObject({ code: 'ENOENT' })
    await remote.close()
  })
})

describe('openDatabaseStore while a server holds the data directory', () => {
  let other: ChildProcess
  let lock: DataDirLock
  beforeAll(async () => {
    // A live process that holds the lock: the server, as far as a command can tell.
    other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    await once(other, 'spawn')
    lock = acquireDataDirLock(dataDir, other.pid)
  })
  afterAll(async () => {
    lock.release()
    other.kill()
    await once(other, 'exit')
  })

  it('goes through its socket, saying so, with the address the server gave', async () => {
    const store = await openDatabaseStore({ DATA_DIR: dataDir })
    try {
      expect(store.target).toBe(`embedded database ${dataDir} through the running server (pid ${other.pid})`)
      expect(store.serverOrigin).toBe(ORIGIN)
      const { rows } = await store.db.query<{ slug: string }>(
        `select slug from public.prospects where slug = $1`,
        ['visitor'],
      )
      expect(rows).toEqual([{ slug: 'visitor' }])
    } finally {
      await store.close()
    }
  })

  it("says so when the socket is not the server's, connecting to nothing", async () => {
    const linked = mkdtempSync(join(root, 'linked-'))
    const held = acquireDataDirLock(linked, other.pid)
    const path = join(linked, SOCKET_FILE)
    symlinkSync(join(dataDir, SOCKET_FILE), path)
    try {
      const error = await openDatabaseStore({ DATA_DIR: linked }).catch((reason: unknown) => reason)
      expect(error).toBeInstanceOf(StorageError)
      expect((error as Error).message).toBe(
        `${path} is a symbolic link, not the running server's socket; remove it, then start the server again.`,
      )
    } finally {
      held.release()
    }
  })

  it('says what to do when the server does not answer on its socket', async () => {
    const silent = mkdtempSync(join(root, 'silent-'))
    const held = acquireDataDirLock(silent, other.pid)
    try {
      const error = await openDatabaseStore({ DATA_DIR: silent }).catch((reason: unknown) => reason)
      expect(error).toBeInstanceOf(StoreConfigError)
      expect((error as Error).message).toBe(
        `The data directory ${silent} is in use by process ${other.pid} (lock file ${held.path}), which did ` +
          `not answer on ${join(silent, SOCKET_FILE)} (ENOENT). If it is the server starting, run the command ` +
          'again once it says "Ready"; otherwise stop the server (Ctrl-C), run the command again, then start ' +
          'the server.',
      )
    } finally {
      held.release()
    }
  })
})
