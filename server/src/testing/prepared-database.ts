import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { TestProject } from 'vitest/node'
import { prepareDatabase } from '../db/prepare-database.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the test run's prepared database image is. */
    preparedDatabaseImage: string
  }
}

/**
 * Vitest global setup: migrates and seeds one database for the whole run and saves its image, so
 * each test file copies it (about half a second) instead of building its own (about two seconds, and
 * many times that on a busy machine, long enough to miss a hook's deadline). The image is made from
 * the migrations as they are now, every run.
 */
export default async function setupPreparedDatabase({ provide }: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'voice-demo-test-db-'))
  const db = new PGlite()
  try {
    await prepareDatabase(db)
    const image = await db.dumpDataDir('none')
    const file = join(dir, 'prepared.tar')
    await writeFile(file, Buffer.from(await image.arrayBuffer()))
    provide('preparedDatabaseImage', file)
  } finally {
    await db.close()
  }
  return () => rm(dir, { recursive: true, force: true })
}

/**
 * What a suite that opens a database is told in the unit loop, the one project without the prepared
 * image (vitest.config.ts: the loop stays quick by leaving every database to the integration run).
 */
export const NO_DATABASE_IN_UNIT_LOOP =
  'This suite opens a database, which the unit loop (npm run test:unit) gives none: list it in ' +
  'vitest.config.ts (DATABASE_SUITES or OWN_DATABASE_SUITES), and npm run test:integration runs it.'

/** A fresh database from the run's prepared image: migrated and seeded, nothing else shared. */
export async function openPreparedDatabase(imagePath: string | undefined): Promise<PGlite> {
  if (!imagePath) throw new Error(NO_DATABASE_IN_UNIT_LOOP)
  const db = new PGlite({ loadDataDir: new Blob([await readFile(imagePath)]) })
  await db.waitReady
  return db
}
