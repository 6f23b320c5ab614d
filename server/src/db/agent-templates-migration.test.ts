import { readFile } from 'node:fs/promises'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { bootstrapSupabaseRoles } from './bootstrap.ts'
import { applyMigrations, listMigrations } from './migrate.ts'

/**
 * A database made before agent templates, with the example prospects' hand-written words, one of
 * them since edited by a rep, brought up to date: every prospect keeps its words, except the examples
 * still exactly as written, which move to the templates that read the same.
 */
const TEMPLATES_VERSION = '20261204000000'
const FIXTURE = new URL('./testing/prospects-before-templates.sql', import.meta.url)

let db: PGlite
const read = async (slug: string) =>
  (await db.query<Record<string, unknown>>('select * from public.prospects where slug = $1', [slug])).rows[0]
let visitorBefore: Record<string, unknown> | undefined

beforeAll(async () => {
  db = new PGlite()
  await bootstrapSupabaseRoles(db)
  const migrations = await listMigrations()
  await applyMigrations(
    db,
    migrations.filter((migration) => migration.version < TEMPLATES_VERSION),
  )
  await db.exec(await readFile(FIXTURE, 'utf8'))
  // A rep changed one example's prompt: it is theirs now.
  await db.query(
    `update public.prospects set system = system || ' Always mention the open house.' where slug = 'harbor-realty'`,
  )
  visitorBefore = await read('visitor')
  await applyMigrations(db, migrations)
})
afterAll(() => db.close())

it('moves an example still in its own words to its template, with the details those words held', async () => {
  expect(await read('bright-smile-dental')).toMatchObject({
    template: 'dental',
    services: 'check-ups and cleanings, fillings, whitening consultations and emergency visits',
    opening_hours: 'Monday to Friday 8 am to 6 pm, Saturday 9 am to 1 pm',
    first_message: null,
    system: null,
  })
})

it("keeps every other prospect's words, as overrides of the general template", async () => {
  const harbor = await read('harbor-realty')
  expect(harbor).toMatchObject({
    template: null,
    first_message: expect.stringMatching(/^Hi, thanks for calling/),
  })
  expect(harbor?.system).toMatch(/Always mention the open house\.$/)
  // Every column it had, unchanged; the new ones empty.
  const visitor = await read('visitor')
  expect(visitor).toMatchObject({ ...visitorBefore, template: null })
  expect(Object.keys(visitor ?? {}).filter((column) => !(column in (visitorBefore ?? {})))).toEqual([
    'template',
    'city',
    'services',
    'opening_hours',
    'website',
    'booking_link',
  ])
})
