import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect, inject, it } from 'vitest'
import { notPrivate } from '../testing/disk-failures.ts'
import { createPrivatePGlite } from './private-pglite.ts'

let root: string
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'private-pglite-'))
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

it('writes every database file owner-only from the start, whatever the umask', async () => {
  const image = new Blob([readFileSync(inject('preparedDatabaseImage'))])
  const pgdata = join(root, 'pgdata')
  const before = process.umask(0)
  try {
    // Stock PGlite unpacks this very image as 968 files of mode 0666 (chmod, which no umask limits).
    const db = await createPrivatePGlite(pgdata, { loadDataDir: image })
    expect(notPrivate(pgdata)).toEqual([])
    await db.exec('create table probe (id int primary key); insert into probe values (1)')
    await db.close()
  } finally {
    process.umask(before)
  }
  expect(notPrivate(pgdata)).toEqual([])
})
