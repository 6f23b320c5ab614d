import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { startDatabaseThread } from './database-thread.ts'
import { buildInitdbImage, findInitdbImage, installedPGliteVersion } from './initdb-image.ts'
import { listMigrations } from './migrate.ts'
import { createPGliteHere, type OpenEmbeddedOptions, openEmbeddedDatabase } from './open-embedded-database.ts'
import { createPrivatePGlite } from './private-pglite.ts'
import type { SqlDatabase } from './sql-database.ts'

let root: string
let imageDir: string
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'initdb-image-'))
  imageDir = join(root, 'image')
  expect(await buildInitdbImage(imageDir)).toEqual({ path: join(imageDir, 'initdb.tar.gz'), made: true })
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** How each call made the database: the image it was given, if any. */
function recording(create: (pgdataDir: string, image?: string) => Promise<SqlDatabase>) {
  const calls: (string | undefined)[] = []
  const createDatabase = (pgdataDir: string, image?: string) => {
    calls.push(image)
    return create(pgdataDir, image)
  }
  return { calls, createDatabase }
}

describe('the image of a freshly initialised database', () => {
  it('is made once per PGlite version: a second build keeps it', async () => {
    const stamp = JSON.parse(readFileSync(join(imageDir, 'initdb.json'), 'utf8'))
    expect(stamp).toEqual({ pglite: installedPGliteVersion(), bytes: expect.any(Number) })
    expect(installedPGliteVersion()).toMatch(/^\d+\.\d+\.\d+/)
    expect(await buildInitdbImage(imageDir)).toEqual({ path: join(imageDir, 'initdb.tar.gz'), made: false })
  })

  it('makes a new data directory that is migrated, seeded and serves, then reopens it from its own files', async () => {
    const dataDir = join(root, 'from-image')
    // As the server opens it: in a thread of its own, reopened once created.
    const { calls, createDatabase } = recording(startDatabaseThread)
    const created: unknown[] = []
    const options: OpenEmbeddedOptions = {
      createDatabase,
      reopenAfterCreating: true,
      initdbImageDir: imageDir,
      onCreate: (how) => created.push(how),
    }
    const embedded = await openEmbeddedDatabase(dataDir, options)
    try {
      // Unpacked once; the instance that serves opens the files that made (never unpacked twice).
      expect(calls).toEqual([join(imageDir, 'initdb.tar.gz'), undefined])
      expect(created).toEqual([{ image: join(imageDir, 'initdb.tar.gz') }])
      expect(embedded.migrated).toEqual((await listMigrations()).map((migration) => migration.version))
      expect(embedded.seeded).toBe(true)
      const { rows } = await embedded.db.query<{ slug: string }>(
        "select slug from public.prospects where slug = 'bright-smile-dental'",
      )
      expect(rows).toEqual([{ slug: 'bright-smile-dental' }])
      await embedded.db.exec('create table probe (id int primary key); insert into probe values (1)')
    } finally {
      await embedded.close()
    }

    // Started again: the database is there, nothing is unpacked or said.
    const again = recording(createPGliteHere)
    const reopened = await openEmbeddedDatabase(dataDir, { ...options, createDatabase: again.createDatabase })
    try {
      expect(again.calls).toEqual([undefined])
      expect(created).toHaveLength(1)
      expect(reopened.migrated).toEqual([])
      expect((await reopened.db.query('select id from probe')).rows).toEqual([{ id: 1 }])
    } finally {
      await reopened.close()
    }
  })

  describe('falls back to initdb, saying why, when the image cannot be used', () => {
    /** Copies the built image into a directory of its own, spoiled by `spoil`. */
    function spoiledImage(name: string, spoil: (dir: string) => void): string {
      const dir = join(root, name)
      rmSync(dir, { recursive: true, force: true })
      const copy = mkdtempSync(join(root, `${name}-`))
      for (const file of ['initdb.tar.gz', 'initdb.json']) {
        writeFileSync(join(copy, file), readFileSync(join(imageDir, file)))
      }
      spoil(copy)
      return copy
    }

    it.each([
      [
        'made by another PGlite version',
        (dir: string) =>
          writeFileSync(join(dir, 'initdb.json'), JSON.stringify({ pglite: '0.0.1', bytes: 1 })),
        /made by PGlite 0\.0\.1, this is \d+\.\d+\.\d+/,
      ],
      [
        'missing',
        (dir: string) => rmSync(join(dir, 'initdb.tar.gz')),
        /no prepared database image in .* \(npm run build makes it\)/,
      ],
      ['cut short', (dir: string) => appendFileSync(join(dir, 'initdb.tar.gz'), 'x'), /is incomplete/],
    ])('an image %s', async (name, spoil, reason) => {
      const dir = spoiledImage(name.replaceAll(' ', '-'), spoil)
      const found = findInitdbImage(dir)
      expect(found).toEqual({ path: null, reason: expect.stringMatching(reason) })

      // The database is created without an image (PGlite then runs initdb); the run's prepared
      // database stands in for initdb's result here, to keep the test quick.
      const prepared = new Blob([readFileSync(inject('preparedDatabaseImage'))])
      const { calls, createDatabase } = recording((pgdataDir) =>
        createPrivatePGlite(pgdataDir, { loadDataDir: prepared }),
      )
      const created: unknown[] = []
      const embedded = await openEmbeddedDatabase(join(dir, 'data'), {
        createDatabase,
        initdbImageDir: dir,
        onCreate: (how) => created.push(how),
      })
      await embedded.close()
      expect(calls).toEqual([undefined])
      expect(created).toEqual([{ image: null, reason: expect.stringMatching(reason) }])
    })
  })
})
