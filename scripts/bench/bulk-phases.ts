import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { callFunction, type Db } from '../../server/src/data/database.ts'
import { startDatabaseThread } from '../../server/src/db/database-thread.ts'
import { openBackend } from '../../server/src/db/open-backend.ts'
import { findPostgresBin } from '../../server/src/db/postgres-cluster.ts'
import { openPostgres } from '../../server/src/db/postgres-database.ts'
import { startMigratedCluster } from '../../server/src/testing/migrated-cluster.ts'
import { formatColumns } from './report.ts'

const PROSPECTS = 50_000

/**
 * `node --import tsx scripts/bench/bulk-phases.ts [--postgres]`: where a bulk action on 50,000
 * prospects spends its time, on the embedded database (in its own thread, as the Node server opens
 * it) or on a throwaway PostgreSQL: the check of every row against the ownership rule alone (what a
 * chunked check would do), then the whole action (check and write) in one call, for an admin (no
 * per-row rule) and for a rep owning half of the rows (half refused).
 */
async function main(): Promise<void> {
  const onPostgres = process.argv.includes('--postgres')
  let db: Db
  let close: () => Promise<void> | void
  let engine: string
  if (onPostgres) {
    const bin = findPostgresBin()
    if (!bin) throw new Error('PostgreSQL not found')
    const cluster = await startMigratedCluster(bin)
    const pg = openPostgres(cluster.url, { max: 1 })
    db = pg
    engine = `PostgreSQL ${cluster.version}`
    close = async () => {
      await pg.close()
      cluster.stop()
    }
  } else {
    const dataDir = await mkdtemp(join(tmpdir(), 'voice-demo-bulk-phases-'))
    const opened = await openBackend(
      { kind: 'embedded', dataDir },
      { embedded: { createDatabase: startDatabaseThread, reopenAfterCreating: true } },
    )
    db = opened.db
    engine = 'embedded PGlite (own thread)'
    close = async () => {
      await opened.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  }
  try {
    const rep = async (email: string, role: string) =>
      (
        await db.query<{ id: string }>(`insert into public.reps (email, role) values ($1, $2) returning id`, [
          email,
          role,
        ])
      ).rows[0]?.id as string
    const ann = await rep('ann@example.com', 'admin')
    const bo = await rep('bo@example.com', 'rep')
    const cy = await rep('cy@example.com', 'rep')
    const seed = async () => {
      await db.query(`delete from public.prospects where slug like 'bulk-%'`)
      await db.query(
        `insert into public.prospects (slug, name, company_name, website, owner_id)
         select 'bulk-' || i, 'Owner ' || i, 'Bulkhaven ' || i, 'https://bulk-' || i || '.example',
           case when i % 2 = 0 then $1::uuid else $2::uuid end
         from generate_series(0, ${PROSPECTS - 1}) i`,
        [bo, cy],
      )
    }
    await seed()
    const slugs = Array.from({ length: PROSPECTS }, (_, i) => `bulk-${i}`)
    const rows: string[][] = [['step', 'who', 'time']]
    const time = async (step: string, who: string, run: () => Promise<unknown>) => {
      const t0 = performance.now()
      await run()
      rows.push([step, who, `${((performance.now() - t0) / 1000).toFixed(2)} s`])
    }
    const check = (repId: string, ownerId: string | null, setOwner: boolean) =>
      db.query(
        `select count(*) filter (where public.prospect_change_refusal($1, p.slug, p.owner_id, $3, $2) is not null)
         from public.prospects p where p.slug = any ($4::text[])`,
        [repId, ownerId, setOwner, slugs],
      )
    const check10k = (repId: string) =>
      db.query(
        `select count(*) filter (where public.prospect_change_refusal($1, p.slug, p.owner_id, false, null) is not null)
         from public.prospects p where p.slug = any ($2::text[])`,
        [repId, slugs.slice(0, 10_000)],
      )
    const act = (action: 'reassign' | 'delete', repId: string, ownerId: string | null) =>
      callFunction(db, 'bulk_change_prospects', {
        action,
        slugs,
        rep_id: repId,
        owner_id: ownerId,
        batch_id: action === 'delete' ? randomUUID() : null,
        at: new Date().toISOString(),
        max_refused: 200,
      })
    await time('check only (rule per row, reassign)', 'rep, half theirs', () => check(bo, cy, true))
    await time('check only (rule per row, delete)', 'rep, half theirs', () => check(bo, null, false))
    await time('check only, one chunk of 10,000', 'rep, half theirs', () => check10k(bo))
    await time('reassign (check + write), 50,000 changed', 'admin', () => act('reassign', ann, cy))
    await time('reassign to themselves: 25,000 refused, 25,000 already theirs', 'rep, half theirs', () =>
      act('reassign', bo, bo),
    )
    await seed()
    await time('delete (check + write), 50,000 deleted', 'admin', () => act('delete', ann, null))
    await seed()
    await time('delete (check + write), 25,000 deleted', 'rep, half theirs', () => act('delete', bo, null))
    console.log(`Bulk phases: ${PROSPECTS.toLocaleString('en')} prospects on ${engine}`)
    for (const line of formatColumns(rows)) console.log(line)
  } finally {
    await close()
  }
}

await main()
