import { readFileSync } from 'node:fs'
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { openPreparedDatabase } from '../testing/prepared-database.ts'
import { describeFailure } from './filesystem-errors.ts'
import {
  AFTER_FUNCTIONS_LINE,
  checksumOf,
  FUNCTIONS_DIR,
  freshDatabaseScripts,
  listMigrations,
  listSqlFunctions,
  SUPABASE_DIR,
  splitMigration,
} from './migrate.ts'
import { prepareDatabase } from './prepare-database.ts'

describe('the function files', () => {
  it('hold every function of the schema, one each, and no migration declares one', async () => {
    const files = await listSqlFunctions()
    const schema = readFileSync(join(SUPABASE_DIR, 'schema.sql'), 'utf8')
    const declared = [...schema.matchAll(/^CREATE FUNCTION public\.([a-z_0-9]+)\(/gm)].map((m) => m[1])
    expect(files.map((file) => file.name).sort()).toEqual(declared.sort())
    for (const migration of await listMigrations()) {
      // A rule changes in its file; a migration only drops a signature that is gone.
      expect(readFileSync(migration.path, 'utf8'), migration.path).not.toMatch(
        /^\s*create\s+(or\s+replace\s+)?function\b/im,
      )
    }
  })

  it('come after the functions they call, so a SQL function is created once what it calls exists', async () => {
    const files = await listSqlFunctions()
    const position = new Map(files.map((file, index) => [file.name, index]))
    for (const [index, file] of files.entries()) {
      for (const [, called] of file.sql.matchAll(/\bpublic\.([a-z_0-9]+)\(/g)) {
        const at = called === undefined || called === file.name ? undefined : position.get(called)
        if (at !== undefined) expect(at, `${file.name} calls ${called}`).toBeLessThan(index)
      }
    }
  })

  it('are applied between the migrations and their parts that need the functions, on a fresh database', async () => {
    const scripts = await freshDatabaseScripts()
    const migrations = await listMigrations()
    const functions = await listSqlFunctions()
    const withAfter = migrations.filter((m) => readFileSync(m.path, 'utf8').includes(AFTER_FUNCTIONS_LINE))
    expect(withAfter.length).toBeGreaterThan(0)
    expect(scripts).toHaveLength(migrations.length + functions.length + withAfter.length)
    expect(scripts.slice(migrations.length, migrations.length + functions.length)).toEqual(
      functions.map((file) => file.sql),
    )
    for (const script of scripts.slice(0, migrations.length))
      expect(script).not.toContain(AFTER_FUNCTIONS_LINE)
    const { before, after } = splitMigration(`a;\n${AFTER_FUNCTIONS_LINE}\nb;\n`)
    expect([before, after]).toEqual(['a;\n', `${AFTER_FUNCTIONS_LINE}\nb;\n`])
  })
})

describe('a start on a migrated database', () => {
  let db: PGlite
  let dir: string
  const migrationsDir = () => join(dir, 'migrations')
  const functionsDir = () => join(dir, 'functions-sql')
  const start = () =>
    prepareDatabase(db, { migrationsDir: migrationsDir(), functionsDir: functionsDir(), seed: 'never' })
  const recordedFunctions = async () =>
    new Map(
      (
        await db.query<{ name: string; checksum: string; applied_at: Date }>(
          'select name, checksum, applied_at from supabase_migrations.schema_functions',
        )
      ).rows.map((row) => [row.name, row]),
    )

  beforeAll(async () => {
    db = await openPreparedDatabase(inject('preparedDatabaseImage'))
    dir = await mkdtemp(join(tmpdir(), 'voice-demo-migrate-'))
    await cp(join(SUPABASE_DIR, 'migrations'), migrationsDir(), { recursive: true })
    await cp(FUNCTIONS_DIR, functionsDir(), { recursive: true })
  })
  afterAll(async () => {
    await db.close()
    await rm(dir, { recursive: true, force: true })
  })

  it('records each migration and function file with its checksum, and runs nothing when none changed', async () => {
    const migrations = await db.query<{ version: string; checksum: string }>(
      'select version, checksum from supabase_migrations.schema_migrations order by version',
    )
    const files = await listMigrations(migrationsDir())
    expect(migrations.rows).toEqual(
      files.map((m) => ({ version: m.version, checksum: checksumOf(readFileSync(m.path, 'utf8')) })),
    )
    const before = await recordedFunctions()
    expect([...before.values()].map((row) => row.checksum).sort()).toEqual(
      (await listSqlFunctions(functionsDir())).map((file) => file.checksum).sort(),
    )
    expect(await start()).toEqual({ migrated: [], seeded: false })
    expect(await recordedFunctions()).toEqual(before)
  })

  it('applies a function file that changed, and only that one', async () => {
    const path = join(functionsDir(), 'check_rate_limits.sql')
    const sql = await readFile(path, 'utf8')
    const edited = sql.replace(
      "'Atomic, all-or-nothing check-and-count",
      "'All or nothing: checks and counts",
    )
    expect(edited).not.toBe(sql)
    await writeFile(path, edited)
    const before = await recordedFunctions()
    expect(await start()).toEqual({ migrated: [], seeded: false })
    const comment = await db.query<{ comment: string }>(
      `select obj_description('public.check_rate_limits(jsonb)'::regprocedure) as comment`,
    )
    expect(comment.rows[0]?.comment).toMatch(/^All or nothing: checks and counts/)
    const after = await recordedFunctions()
    expect(after.get('check_rate_limits')?.checksum).toBe(checksumOf(edited))
    for (const [name, row] of before)
      if (name !== 'check_rate_limits') expect(after.get(name), name).toEqual(row)
  })

  it('refuses to start when a migration it applied was edited since, with one line naming the file', async () => {
    const [file] = (await readdir(migrationsDir())).filter((name) => name.endsWith('_page_seen.sql'))
    expect(file).toBeDefined()
    const path = join(migrationsDir(), file ?? '')
    const sql = await readFile(path, 'utf8')
    await writeFile(path, `${sql}\n-- a second thought\n`)
    try {
      const refused = await start().then(
        () => null,
        (error: unknown) => error,
      )
      const line = describeFailure(refused, 'The server could not start')
      expect(line).toBe(
        `The migration ${file} was changed after this database applied it: put the file back as it was ` +
          'and make the change in a new migration.',
      )
    } finally {
      await writeFile(path, sql)
    }
  })

  it('takes a database migrated before the functions had files of their own: it applies and records each, migrating nothing', async () => {
    await db.exec(`drop table supabase_migrations.schema_functions;
      alter table supabase_migrations.schema_migrations drop column checksum;`)
    expect(await start()).toEqual({ migrated: [], seeded: false })
    expect([...(await recordedFunctions()).keys()].sort()).toEqual(
      (await listSqlFunctions(functionsDir())).map((file) => file.name).sort(),
    )
    const missing = await db.query<{ n: number }>(
      'select count(*)::int as n from supabase_migrations.schema_migrations where checksum is null',
    )
    expect(missing.rows[0]?.n).toBe(0)
    expect(await start()).toEqual({ migrated: [], seeded: false })
  })

  it('records the checksums a database migrated before they were kept lacks, refusing nothing', async () => {
    await db.exec('update supabase_migrations.schema_migrations set checksum = null')
    expect(await start()).toEqual({ migrated: [], seeded: false })
    const missing = await db.query<{ n: number }>(
      'select count(*)::int as n from supabase_migrations.schema_migrations where checksum is null',
    )
    expect(missing.rows[0]?.n).toBe(0)
  })
})
