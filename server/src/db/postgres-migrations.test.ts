import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { applyEachInOwnTransaction } from '../testing/migrated-cluster.ts'
import { BOOTSTRAP_SQL } from './bootstrap.ts'
import { freshDatabaseScripts, SUPABASE_DIR } from './migrate.ts'
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts'

/**
 * The migrations as hosted Supabase runs them: on a real PostgreSQL server (Debian's package), not
 * only on the embedded PGlite. A throwaway cluster gets the Supabase role bootstrap, every migration
 * and function file unchanged (each in one transaction, in the order freshDatabaseScripts gives), and
 * the seed; then
 * the grants and RLS that keep prospects private are checked in the catalogue and by trying.
 * In CI a missing PostgreSQL fails this file (.ci/run installs it); elsewhere it is skipped, loudly.
 */
const bin = findPostgresBin()
const INSTALL_HINT =
  'PostgreSQL was not found (initdb, pg_ctl, psql): on Debian, apt-get install -y postgresql'
if (!bin && !process.env.CI) console.warn(`[postgres-migrations] skipped: ${INSTALL_HINT}`)

describe.skipIf(!bin && !process.env.CI)('migrations on a real PostgreSQL', () => {
  let pg: PostgresCluster
  const started = Date.now()

  beforeAll(async () => {
    if (!bin) throw new Error(`${INSTALL_HINT}. CI needs it: .ci/run installs it when missing.`)
    pg = await startPostgresCluster(bin)
  }, 60_000)
  afterAll(() => {
    pg?.stop()
    console.info(`[postgres-migrations] PostgreSQL ${pg?.version}: ${Date.now() - started} ms in all`)
  })

  /** Runs SQL that must succeed and returns psql's unaligned rows. */
  const query = (sql: string): string => {
    const result = pg.psql(sql)
    expect(result.stderr).toBe('')
    expect(result.status).toBe(0)
    return result.stdout
  }
  const asRole = (role: string, sql: string) => pg.psql(`set role ${role};\n${sql}`)

  it('applies the bootstrap, every migration and function file in its own transaction and the seed, twice over', async () => {
    query(BOOTSTRAP_SQL)
    const applied = applyEachInOwnTransaction(pg, await freshDatabaseScripts())
    // The piece that failed, named by its first lines, with psql's words.
    expect(applied.ok ? '' : `${applied.piece.slice(0, 200)}\n${applied.stderr}`).toBe('')
    const seed = readFileSync(`${SUPABASE_DIR}seed.sql`, 'utf8')
    query(seed)
    query(seed) // the seed is safe to run again
    expect(query('select slug from public.prospects order by slug')).toBe(
      'bright-smile-dental\nharbor-realty\nvisitor',
    )
  })

  it('names the piece that failed, and applies nothing after it', () => {
    const pieces = [
      'create table public.applied_first (id int);',
      'create table public.never_kept (id int);\nselect no_such_function();',
      'create table public.never_reached (id int);',
    ]
    const applied = applyEachInOwnTransaction(pg, pieces)
    expect(applied).toMatchObject({
      ok: false,
      piece: pieces[1],
      stderr: expect.stringMatching(/no_such_function/),
    })
    expect(
      query(
        `select string_agg(tablename, ',') from pg_tables where tablename in ('applied_first', 'never_kept', 'never_reached')`,
      ),
    ).toBe('applied_first')
    query('drop table public.applied_first')
  })

  it('keeps RLS on for every table in public, with nothing granted to anon or authenticated', () => {
    expect(query(`select count(*) from pg_tables where schemaname = 'public'`)).not.toBe('0')
    expect(query(`select tablename from pg_tables where schemaname = 'public' and not rowsecurity`)).toBe('')
    const granted = query(`
      select c.relname || ' ' || r.role
      from pg_class c join pg_namespace n on n.oid = c.relnamespace,
           (values ('anon'), ('authenticated')) as r(role),
           (values ('select'), ('insert'), ('update'), ('delete')) as p(privilege)
      where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p')
        and has_table_privilege(r.role, c.oid, p.privilege)`)
    expect(granted).toBe('')
  })

  it('lets only service_role execute the functions in public', () => {
    expect(
      query(
        `select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`,
      ),
    ).not.toBe('0')
    const executable = query(`
      select p.oid::regprocedure || ' ' || r.role
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace,
           (values ('anon'), ('authenticated')) as r(role)
      where n.nspname = 'public' and has_function_privilege(r.role, p.oid, 'execute')`)
    expect(executable).toBe('')
  })

  it('denies anon reading or writing prospects, directly or through the functions', () => {
    for (const sql of [
      'select slug from public.prospects',
      `insert into public.prospects (slug, name, company_name, first_message, system) values ('x', 'n', 'c', 'f', 's')`,
      'select public.list_prospects()',
      `select public.upsert_prospects('[]')`,
      `select public.delete_prospect('harbor-realty')`,
    ]) {
      const result = asRole('anon', sql)
      expect(result.status, sql).not.toBe(0)
      expect(result.stderr, sql).toMatch(/permission denied/)
    }
  })

  it('lets service_role upsert all or nothing, page and delete through the functions', () => {
    const row = (slug: string) => ({ slug, name: 'N', company_name: 'C', first_message: 'F', system: 'S' })
    const json = (rows: object[]) => `'${JSON.stringify(rows)}'::jsonb`
    expect(
      asRole('service_role', `select public.upsert_prospects(${json([row('pg-1'), row('pg-2')])})`),
    ).toMatchObject({
      status: 0,
      stdout: '{"updated": 0, "inserted": 2, "unchanged": 0}',
    })
    const bad = asRole(
      'service_role',
      `select public.upsert_prospects(${json([row('pg-3'), row('Bad Slug')])})`,
    )
    expect(bad.stderr).toMatch(/prospects_slug_format/)
    expect(query(`select count(*) from public.prospects where slug like 'pg-%'`)).toBe('2')
    expect(asRole('service_role', `select public.list_prospects('harbor-realty', 1)`).stdout).toMatch(
      /^\[\{.*"slug": "pg-1"/,
    )
    expect(asRole('service_role', `select public.delete_prospect('pg-2')`).stdout).toBe('{"deleted": true}')
    expect(asRole('service_role', `select public.delete_prospect('visitor')`).stderr).toMatch(
      /cannot be deleted/,
    )
  })
})
