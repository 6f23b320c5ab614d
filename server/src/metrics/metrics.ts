import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import type { Db } from '../data/database.ts'
import type { SqlDatabase } from '../db/sql-database.ts'

/** Why an engagement event sent by a page was not stored (`events_dropped_total{reason}`). */
export type EventDropReason = 'automated' | 'invalid' | 'not_admitted' | 'rate_limited'

/** How a request for a call ended (`calls_total{kind,outcome}`): the answer's code, or `placed`. */
export type CallKind = 'phone' | 'video'

/**
 * The server's Prometheus metrics, one registry per app, so two servers in one process (the tests)
 * never share counts. Labels are route patterns and fixed words only: a prospect's slug, an address
 * or a rep never becomes a label (each would be a new time series, and a slug names a business).
 */
export interface Metrics {
  readonly registry: Registry
  readonly httpRequests: Counter<'method' | 'route' | 'status'>
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>
  readonly eventsAccepted: Counter
  readonly eventsDropped: Counter<'reason'>
  readonly calls: Counter<'kind' | 'outcome'>
  readonly dbInFlight: Gauge
  readonly dbDuration: Histogram
}

export interface MetricsOptions {
  /** Read at scrape time: the outboxes' depth and age and the import jobs by state. */
  db: Db
  /** Node's process metrics (prom-client's defaults); off in tests that count exact lines. */
  processMetrics?: boolean
}

export function createMetrics(options: MetricsOptions): Metrics {
  const registry = new Registry()
  const registers = [registry]
  if (options.processMetrics !== false) collectDefaultMetrics({ register: registry })
  const metrics: Metrics = {
    registry,
    httpRequests: new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    httpDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request to its answer (headers sent), by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    eventsAccepted: new Counter({
      name: 'events_accepted_total',
      help: 'Engagement events stored',
      registers,
    }),
    eventsDropped: new Counter({
      name: 'events_dropped_total',
      help: 'Engagement events not stored, by reason',
      labelNames: ['reason'],
      registers,
    }),
    calls: new Counter({
      name: 'calls_total',
      help: 'Phone and video call requests, by kind and outcome (placed, or the refusal code)',
      labelNames: ['kind', 'outcome'],
      registers,
    }),
    dbInFlight: new Gauge({
      name: 'db_statements_in_flight',
      help: 'Database statements sent and not yet answered (waiting in the thread queue or pool included)',
      registers,
    }),
    dbDuration: new Histogram({
      name: 'db_statement_duration_seconds',
      help: 'Time from sending a database statement to its answer, its wait for the thread or pool included',
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5],
      registers,
    }),
  }
  registerOutboxGauges(registry, options.db)
  return metrics
}

const OUTBOXES = ['notification_outbox', 'mail_outbox'] as const

/**
 * The outboxes and import jobs are read from the database when scraped (each a count over a partial
 * index or a small table), so every server reports the shared truth, not what it alone did.
 */
function registerOutboxGauges(registry: Registry, db: Db): void {
  const outbox = async () => {
    const parts = OUTBOXES.map(
      (table) =>
        `select '${table}' as outbox, count(*)::int as depth, ` +
        `coalesce(extract(epoch from now() - min(created_at)), 0)::float8 as age ` +
        `from public.${table} where sent_at is null and failed_at is null`,
    )
    const { rows } = await db.query<{ outbox: string; depth: number; age: number }>(parts.join(' union all '))
    return rows.map((row) => ({ ...row, outbox: row.outbox === 'mail_outbox' ? 'mail' : 'nudge' }))
  }
  new Gauge({
    name: 'outbox_depth',
    help: 'Messages waiting to be sent (not sent, not given up), by outbox (nudge, mail)',
    labelNames: ['outbox'],
    registers: [registry],
    async collect() {
      for (const row of await outbox()) this.set({ outbox: row.outbox }, row.depth)
    },
  })
  new Gauge({
    name: 'outbox_oldest_age_seconds',
    help: 'Age of the oldest message waiting, by outbox (0 when none waits)',
    labelNames: ['outbox'],
    registers: [registry],
    async collect() {
      for (const row of await outbox()) this.set({ outbox: row.outbox }, Number(row.age))
    },
  })
  new Gauge({
    name: 'import_jobs',
    help: 'Prospect import jobs kept (a week), by state: queued, running, done, failed',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { rows } = await db.query<{ status: string; count: number }>(
        'select status, count(*)::int as count from public.import_jobs group by status',
      )
      for (const state of ['queued', 'running', 'done', 'failed']) {
        this.set({ state }, rows.find((row) => row.status === state)?.count ?? 0)
      }
    },
  })
}

/**
 * The database as the app uses it, counting statements (and transactions) in flight and timing
 * each: the embedded database answers one at a time from its thread's queue, PostgreSQL from a pool
 * of connections, and both show as a wait here when the server asks more than they answer.
 */
export function measureDatabase<D extends Db>(db: D, metrics: Metrics): D {
  const timed = async <T>(work: () => Promise<T>): Promise<T> => {
    metrics.dbInFlight.inc()
    const end = metrics.dbDuration.startTimer()
    try {
      return await work()
    } finally {
      end()
      metrics.dbInFlight.dec()
    }
  }
  const measured: D = { ...db, query: (text, params) => timed(() => db.query(text, params)) }
  const sql = db as unknown as Partial<Pick<SqlDatabase, 'transaction'>>
  if (typeof sql.transaction === 'function') {
    const transaction = sql.transaction.bind(db)
    const withTransaction = measured as unknown as Pick<SqlDatabase, 'transaction'>
    withTransaction.transaction = (fn) => timed(() => transaction(fn))
  }
  return measured
}
