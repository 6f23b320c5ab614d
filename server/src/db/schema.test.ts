import { readFileSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { dumpSchema, SCHEMA_PATH } from './dump-schema.ts'
import { findPostgresBin } from './postgres-cluster.ts'

/**
 * supabase/schema.sql is what the migrations make, so a function's current body can be read there:
 * the schema is dumped again from the migrations as they are now, on a throwaway PostgreSQL, and must
 * equal the committed file. In CI a missing PostgreSQL fails this file (.ci/run installs it);
 * elsewhere it is skipped, loudly.
 */
const bin = findPostgresBin()
const INSTALL_HINT =
  'PostgreSQL was not found (initdb, pg_ctl, psql): on Debian, apt-get install -y postgresql'
if (!bin && !process.env.CI) console.warn(`[schema] skipped: ${INSTALL_HINT}`)

it.skipIf(!bin && !process.env.CI)('supabase/schema.sql is the schema the migrations make', async () => {
  if (!bin) throw new Error(`${INSTALL_HINT}. CI needs it: .ci/run installs it when missing.`)
  const dumped = await dumpSchema({ bin })
  const committed = readFileSync(SCHEMA_PATH, 'utf8')
  if (dumped === committed) return
  // Left behind for a diff: the file the command would write.
  const dir = await mkdtemp(join(tmpdir(), 'voice-demo-schema-'))
  const fresh = join(dir, 'schema.sql')
  await writeFile(fresh, dumped)
  const versions = [dumped, committed].map((text) => /PostgreSQL (\d+),/.exec(text)?.[1] ?? '?')
  const versionNote =
    versions[0] === versions[1]
      ? ''
      : ` (it was dumped by PostgreSQL ${versions[1]}'s pg_dump, this machine has ${versions[0]})`
  expect(
    dumped,
    `supabase/schema.sql differs from what the migrations make${versionNote}: run npm run db:schema ` +
      `and commit the file (the fresh dump is in ${fresh})`,
  ).toBe(committed)
})
