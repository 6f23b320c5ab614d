import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapSupabaseRoles } from './bootstrap.ts'
import { applyMigrations, BASELINE, listMigrations } from './migrate.ts'
import { prepareDatabase } from './prepare-database.ts'

let db: PGlite
let first: Awaited<ReturnType<typeof prepareDatabase>>
beforeAll(async () => {
  db = new PGlite()
  first = await prepareDatabase(db)
})
afterAll(() => db.close())

const asRole = (role: string, sql: string) =>
  db.transaction(async (tx) => {
    await tx.query(`set local role ${role}`)
    return (await tx.query<Record<string, unknown>>(sql)).rows
  })

describe('prepareDatabase', () => {
  it('applies every migration, records it, and seeds a new database', async () => {
    const versions = (await listMigrations()).map((migration) => migration.version)
    expect(first).toEqual({ migrated: versions, seeded: true })
    const recorded = await db.query<{ version: string }>(
      'select version from supabase_migrations.schema_migrations',
    )
    expect(recorded.rows.map((row) => row.version)).toEqual(versions)
    const slugs = await db.query<{ slug: string }>('select slug from public.prospects order by slug')
    expect(slugs.rows.map((row) => row.slug)).toEqual(['bright-smile-dental', 'harbor-realty', 'visitor'])
  })

  it('does nothing on a later start, and never re-seeds data someone removed', async () => {
    await db.query(`delete from public.prospects where slug = 'harbor-realty'`)
    expect(await prepareDatabase(db)).toEqual({ migrated: [], seeded: false })
    const count = await db.query<{ n: number }>('select count(*)::int as n from public.prospects')
    expect(count.rows[0]?.n).toBe(2)
  })

  it('creates the Supabase API roles, service_role bypassing RLS', async () => {
    const roles = await db.query<{ rolname: string; rolbypassrls: boolean; rolcanlogin: boolean }>(
      `select rolname, rolbypassrls, rolcanlogin from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role') order by rolname`,
    )
    expect(roles.rows).toEqual([
      { rolname: 'anon', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'authenticated', rolbypassrls: false, rolcanlogin: false },
      { rolname: 'service_role', rolbypassrls: true, rolcanlogin: false },
    ])
  })

  it("takes back Supabase's default grants on prospects from anon and authenticated", async () => {
    // The bootstrap's default privileges grant every new table to them, as hosted Supabase does;
    // a new table proves that, so the migration's revoke is what protects prospects.
    await db.exec('create table public.probe (id int)')
    await expect(asRole('anon', 'select * from public.probe')).resolves.toEqual([])
    for (const role of ['anon', 'authenticated']) {
      await expect(asRole(role, 'select slug from public.prospects')).rejects.toMatchObject({ code: '42501' })
    }
    await expect(asRole('service_role', 'select slug from public.prospects')).resolves.toHaveLength(2)
  })

  it('keeps RLS on with no policy, so even a stray grant shows no rows', async () => {
    await db.exec('grant select on public.prospects to authenticated')
    try {
      await expect(asRole('authenticated', 'select slug from public.prospects')).resolves.toEqual([])
    } finally {
      await db.exec('revoke select on public.prospects from authenticated')
    }
  })

  it('rejects a slug that could not appear in a URL', async () => {
    await expect(
      db.query(
        `insert into public.prospects (slug, name, company_name, first_message, system)
         values ('Bad Slug', 'n', 'c', 'f', 's')`,
      ),
    ).rejects.toMatchObject({ code: '23514' })
  })
})

describe('a database the migrations before the baseline made', () => {
  /** A database with the baseline's schema but, as recorded, the history it replaces up to `last`. */
  async function madeByEarlierRelease(last: string): Promise<PGlite> {
    const earlier = new PGlite()
    await bootstrapSupabaseRoles(earlier)
    const migrations = await listMigrations()
    await applyMigrations(
      earlier,
      migrations.filter((migration) => migration.version <= BASELINE.version),
      { functions: [] },
    )
    await earlier.exec(`delete from supabase_migrations.schema_migrations`)
    for (const version of ['20261122000000', '20261201000000', '20261204000000'].filter((v) => v <= last)) {
      await earlier.query(
        'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
        [version, 'earlier'],
      )
    }
    return earlier
  }

  it('takes the baseline as applied, running only what came after it, when it went through all of them', async () => {
    const earlier = await madeByEarlierRelease(BASELINE.replaces.last)
    try {
      const after = (await listMigrations()).filter((migration) => migration.version > BASELINE.version)
      expect(await prepareDatabase(earlier)).toEqual({
        migrated: after.map((migration) => migration.version),
        seeded: false,
      })
      const recorded = await earlier.query<{ version: string }>(
        'select version from supabase_migrations.schema_migrations where version = $1',
        [BASELINE.version],
      )
      expect(recorded.rows).toHaveLength(1)
    } finally {
      await earlier.close()
    }
  })

  it('refuses one that stopped halfway, saying what to do', async () => {
    const earlier = await madeByEarlierRelease('20261201000000')
    try {
      await expect(prepareDatabase(earlier)).rejects.toThrow(
        /made by an older release and stopped at migration 20261201000000; run that release once/,
      )
    } finally {
      await earlier.close()
    }
  })
})
