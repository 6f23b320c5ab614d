import { readFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'
import type { PGlite, Transaction } from '@electric-sql/pglite'
import { type ThreadReply, type ThreadRequest, toThreadError } from './database-thread-protocol.ts'
import { createPrivatePGlite } from './private-pglite.ts'

/**
 * The embedded Postgres in a worker thread of its own (started by database-thread.ts): it runs each
 * request in the order it arrives, as PGlite runs its callers' in one thread. Reply 0 says the
 * database is open, or why it could not be.
 */
const port = parentPort
if (!port) throw new Error('database-thread-worker.ts runs as a worker thread')
/** `image`: a freshly initialised database to unpack into a new `pgdataDir` instead of running initdb. */
const { pgdataDir, image } = workerData as { pgdataDir: string; image?: string }

interface OpenTransaction {
  tx: Promise<Transaction>
  /** Ends the transaction: PGlite commits when its callback returns, rolls back when it throws. */
  end(commit: boolean): Promise<void>
}

const ROLLBACK = Symbol('rollback')
const transactions = new Map<number, OpenTransaction>()

function begin(db: PGlite): OpenTransaction {
  let release: (commit: boolean) => void = () => {}
  const released = new Promise<boolean>((resolve) => {
    release = resolve
  })
  let opened: (tx: Transaction) => void = () => {}
  const tx = new Promise<Transaction>((resolve) => {
    opened = resolve
  })
  const done = db
    .transaction(async (transaction) => {
      opened(transaction)
      if (!(await released)) throw ROLLBACK
    })
    .catch((error: unknown) => {
      if (error !== ROLLBACK) throw error
    })
  // A BEGIN that fails never opens: the caller's next step then gets its error.
  const openedOrFailed = Promise.race([tx, done.then(() => Promise.reject(new Error('BEGIN failed')))])
  return {
    tx: openedOrFailed,
    end: (commit) => {
      release(commit)
      return done
    },
  }
}

async function run(db: PGlite, request: ThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'query':
    case 'exec': {
      const open = request.tx === null ? undefined : transactions.get(request.tx)
      if (request.tx !== null && !open) throw new Error(`no open transaction ${request.tx}`)
      const target = open ? await open.tx : db
      return request.op === 'query' ? target.query(request.sql, request.params) : target.exec(request.sql)
    }
    case 'begin': {
      const open = begin(db)
      transactions.set(request.tx, open)
      try {
        await open.tx
      } catch (error) {
        transactions.delete(request.tx)
        throw error
      }
      return null
    }
    case 'end': {
      const open = transactions.get(request.tx)
      if (!open) throw new Error(`no open transaction ${request.tx}`)
      transactions.delete(request.tx)
      await open.end(request.commit)
      return null
    }
    case 'close':
      await db.close()
      return null
  }
}

const reply = (message: ThreadReply) => port.postMessage(message)

const loadDataDir = image === undefined ? {} : { loadDataDir: new Blob([readFileSync(image)]) }
createPrivatePGlite(pgdataDir, loadDataDir).then(
  (db) => {
    port.on('message', (request: ThreadRequest) => {
      run(db, request).then(
        (value) => reply({ id: request.id, ok: true, value }),
        (error: unknown) => reply({ id: request.id, ok: false, error: toThreadError(error) }),
      )
    })
    reply({ id: 0, ok: true, value: null })
  },
  (error: unknown) => reply({ id: 0, ok: false, error: toThreadError(error) }),
)
