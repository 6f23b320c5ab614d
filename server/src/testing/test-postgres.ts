import { randomBytes } from 'node:crypto'
import { inject } from 'vitest'
import type { TestProject } from 'vitest/node'
import { findPostgresBin, startPostgresCluster } from '../db/postgres-cluster.ts'
import { openPostgres } from '../db/postgres-database.ts'
import { prepareDatabase } from '../db/prepare-database.ts'
import type { SqlDatabase } from '../db/sql-database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's PostgreSQL server, its template database migrated and seeded (`node-postgres` project). */
    postgresServerUrl: string
  }
}

/** A test file's own database: the embedded PGlite, or a database of its own on a real PostgreSQL. */
export interface TestDatabase extends SqlDatabase {
  readonly closed: boolean
}

/** The database every test file's own is copied from: migrated and seeded once per run. */
const TEMPLATE = 'callpilot_template'

/**
 * Vitest global setup of the `node-postgres` project: one PostgreSQL server for the run, with a
 * template database prepared as the server prepares any database (bootstrap, migrations) plus the
 * examples the tests read. Each test file gets a copy of its own (`create database … template`).
 */
export default async function setupTestPostgres({ provide }: TestProject): Promise<() => Promise<void>> {
  const bin = findPostgresBin()
  if (!bin)
    throw new Error(
      "PostgreSQL's server tools are needed for the node-postgres tests (apt-get install postgresql)",
    )
  const cluster = await startPostgresCluster(bin)
  try {
    const admin = openPostgres(cluster.url, { max: 1 })
    await admin.exec(`create database ${TEMPLATE}`)
    await admin.close()
    const template = openPostgres(withDatabase(cluster.url, TEMPLATE), { max: 1 })
    await prepareDatabase(template, { seed: 'always' })
    await template.close()
  } catch (error) {
    cluster.stop()
    throw error
  }
  provide('postgresServerUrl', cluster.url)
  return async () => cluster.stop()
}

/** A new database of this test file's own, a copy of the run's template; dropped when closed. */
export async function openTestPostgresDatabase(): Promise<{ db: TestDatabase; url: string }> {
  const serverUrl = inject('postgresServerUrl')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = openPostgres(serverUrl, { max: 1 })
  try {
    await admin.exec(`create database ${name} template ${TEMPLATE}`)
  } finally {
    await admin.close()
  }
  const url = withDatabase(serverUrl, name)
  const db = openPostgres(url)
  let closed = false
  const testDb: TestDatabase = {
    ...db,
    get closed() {
      return closed
    },
    async close() {
      if (closed) return
      closed = true
      await db.close()
      const drop = openPostgres(serverUrl, { max: 1 })
      await drop.exec(`drop database if exists ${name} with (force)`).finally(() => drop.close())
    },
  }
  return { db: testDb, url }
}

const withDatabase = (url: string, database: string) => {
  const parsed = new URL(url)
  parsed.pathname = `/${database}`
  return parsed.toString()
}
