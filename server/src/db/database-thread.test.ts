import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startDatabaseThread } from './database-thread.ts'
import { StorageError } from './filesystem-errors.ts'
import { openEmbeddedDatabase } from './open-embedded-database.ts'
import type { SqlDatabase } from './sql-database.ts'

// The embedded database in a worker thread answers as PGlite does in this one: rows with their types,
// transactions that commit or roll back as a whole, and errors with Postgres's fields.

const dir = mkdtempSync(join(tmpdir(), 'database-thread-'))
let db: SqlDatabase
beforeAll(async () => {
  db = await startDatabaseThread(join(dir, 'pgdata'))
  await db.exec('create table notes (id integer primary key, body jsonb not null, at timestamptz not null)')
})
afterAll(async () => {
  await db.close()
  rmSync(dir, { recursive: true, force: true })
})

it('answers rows with their types: numbers, JSON and times', async () => {
  await db.query('insert into notes values ($1, $2, $3)', [
    1,
    JSON.stringify({ a: [1, 2] }),
    '2026-12-01T12:00:00Z',
  ])
  const { rows } = await db.query<{ id: number; body: unknown; at: Date }>('select * from notes where id = 1')
  expect(rows).toEqual([{ id: 1, body: { a: [1, 2] }, at: new Date('2026-12-01T12:00:00Z') }])
})

it('commits a transaction that resolves and rolls back one that throws, keeping its error', async () => {
  await db.transaction(async (tx) => {
    await tx.query(`insert into notes values (2, '{}', now())`)
    await tx.query(`insert into notes values (3, '{}', now())`)
  })
  const failure = new Error('changed my mind')
  await expect(
    db.transaction(async (tx) => {
      await tx.query(`insert into notes values (4, '{}', now())`)
      throw failure
    }),
  ).rejects.toBe(failure)
  const { rows } = await db.query<{ id: number }>('select id from notes where id between 2 and 4 order by id')
  expect(rows.map((row) => row.id)).toEqual([2, 3])
})

it('passes Postgres errors on with their SQLSTATE code and detail', async () => {
  const error = await db.query(`insert into notes values (1, '{}', now())`).catch((caught: unknown) => caught)
  expect(error).toBeInstanceOf(Error)
  expect(error).toMatchObject({
    code: '23505',
    detail: 'Key (id)=(1) already exists.',
    message: expect.stringContaining('duplicate key'),
  })
})

it('keeps the order of statements sent at once, transactions taking their turn', async () => {
  await db.exec('create table seen (n integer)')
  await Promise.all([
    db.transaction(async (tx) => {
      await tx.query('insert into seen values (1)')
      await tx.query('insert into seen values (2)')
    }),
    db.query('insert into seen values (3)'),
    db.exec('insert into seen values (4)'),
  ])
  const { rows } = await db.query<{ n: number }>('select n from seen')
  expect(rows.map((row) => row.n).sort()).toEqual([1, 2, 3, 4])
})

it('says which disk failure stopped the database from opening, as in this thread', async () => {
  const blocked = mkdtempSync(join(tmpdir(), 'database-thread-blocked-'))
  try {
    writeFileSync(join(blocked, 'pgdata'), 'a file where the database directory should be')
    const error = await openEmbeddedDatabase(blocked, { createDatabase: startDatabaseThread }).catch(
      (caught: unknown) => caught,
    )
    expect(error).toBeInstanceOf(StorageError)
    expect((error as StorageError).message).toMatch(/^Cannot use the data directory .*: .*\(E[A-Z]+/)
  } finally {
    rmSync(blocked, { recursive: true, force: true })
  }
})

it('refuses statements once closed, in words', async () => {
  const closing = await startDatabaseThread(join(dir, 'closing'))
  await closing.close()
  await expect(closing.query('select 1')).rejects.toThrow('The database is closed.')
})
