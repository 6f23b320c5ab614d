import { writeFile } from 'node:fs/promises'
import { dumpSchema, SCHEMA_PATH } from '../server/src/db/dump-schema.ts'
import { findPostgresBin } from '../server/src/db/postgres-cluster.ts'

/**
 * `npm run db:schema`: writes supabase/schema.sql, the schema the migrations make, dumped from a
 * throwaway PostgreSQL (its server tools are needed: on Debian, apt-get install -y postgresql).
 * server/src/db/schema.test.ts fails while the file and the migrations disagree.
 */
const bin = findPostgresBin()
if (!bin) {
  console.error('PostgreSQL was not found (initdb, pg_ctl, psql): on Debian, apt-get install -y postgresql')
  process.exitCode = 1
} else {
  const schema = await dumpSchema({ bin })
  await writeFile(SCHEMA_PATH, schema)
  console.log(`Wrote ${SCHEMA_PATH} (${schema.split('\n').length - 1} lines)`)
}
