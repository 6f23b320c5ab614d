import { Worker } from 'node:worker_threads'
import type { Results } from '@electric-sql/pglite'
import { fromThreadError, type ThreadReply, type ThreadRequest } from './database-thread-protocol.ts'
import type { SqlDatabase, SqlQueries } from './sql-database.ts'

/** A request before it is numbered: each kind of ThreadRequest without its `id`. */
type Request = ThreadRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never

/**
 * The worker's first lines: the server's modules are TypeScript, run through tsx, which a worker thread
 * does not inherit (`--import` in a worker's execArgv is not applied), so the worker registers tsx
 * itself before loading its entry.
 */
const BOOT_WORKER = `
const { workerData } = require('node:worker_threads')
import(workerData.tsx).then(({ register }) => { register(); return import(workerData.entry) })
`
const TSX_ESM_API = import.meta.resolve('tsx/esm/api')
const WORKER_ENTRY = new URL('./database-thread-worker.ts', import.meta.url).href

/**
 * Opens the embedded database in `pgdataDir` (owner-only files) in a worker thread of its own. PGlite
 * runs Postgres synchronously in the thread that calls it: on the server's thread every statement
 * held up every request, parsing and answering included, and only one of this machine's two cores
 * worked. In a thread of its own the database works while the server reads and answers requests.
 * The calls and their errors (Postgres's fields, the disk's errno) are PGlite's own. `image`: as
 * OpenEmbeddedOptions' createDatabase.
 */
export function startDatabaseThread(pgdataDir: string, image?: string): Promise<SqlDatabase> {
  const worker = new Worker(BOOT_WORKER, {
    eval: true,
    workerData: { pgdataDir, image, tsx: TSX_ESM_API, entry: WORKER_ENTRY },
  })
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  let nextId = 1
  let nextTx = 1
  let exited: Error | undefined

  const fail = (error: Error) => {
    exited = error
    for (const { reject } of waiting.values()) reject(error)
    waiting.clear()
  }
  worker.on('message', (reply: ThreadReply) => {
    const entry = waiting.get(reply.id)
    if (!entry) return
    waiting.delete(reply.id)
    if (reply.ok) entry.resolve(reply.value)
    else entry.reject(fromThreadError(reply.error))
  })
  worker.on('error', (error) => fail(error))
  worker.on('exit', (code) => {
    if (!exited) fail(new Error(`The database thread stopped (exit code ${code}).`))
  })

  const send = <T>(request: Request): Promise<T> => {
    if (exited) return Promise.reject(exited)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ ...request, id })
    })
  }

  const queries = (tx: number | null): SqlQueries => ({
    query: <T>(sql: string, params: unknown[] = []) => send<Results<T>>({ op: 'query', tx, sql, params }),
    exec: (sql: string) => send<Results[]>({ op: 'exec', tx, sql }),
  })

  const database: SqlDatabase = {
    ...queries(null),
    async transaction(fn) {
      const tx = nextTx++
      await send({ op: 'begin', tx })
      let result: Awaited<ReturnType<typeof fn>>
      try {
        result = await fn(queries(tx))
      } catch (error) {
        await send({ op: 'end', tx, commit: false }).catch(() => {})
        throw error
      }
      await send({ op: 'end', tx, commit: true })
      return result
    },
    async close() {
      if (exited) return
      try {
        await send({ op: 'close' })
      } finally {
        fail(new Error('The database is closed.'))
        await worker.terminate()
      }
    },
  }

  return new Promise<SqlDatabase>((resolve, reject) => {
    waiting.set(0, {
      resolve: () => resolve(database),
      reject: (error) => {
        void worker.terminate()
        reject(error)
      },
    })
  })
}
