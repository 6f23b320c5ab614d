import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PANEL_SPACE_CSS } from '#core/embed-snippet.ts'
import { parseCsv } from '../common/csv.ts'
import { serveDatabaseSocket } from '../db/database-socket.ts'
import { acquireDataDirLock } from '../db/lock.ts'
import { PGDATA_DIR } from '../db/open-embedded-database.ts'
import { createPrivatePGlite } from '../db/private-pglite.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { runProspectsCli } from './cli.ts'
import { beginImport, getProspect, writeImport } from './prospect-store.ts'

const HEADER = 'slug,name,company_name,first_message,system,assistant_id'
const ACME = 'acme-dental,Dr. Ann Lee,"Acme Dental, Inc.",Hi!,"You are Ava.\nBe brief.",asst-9'
const BETA = 'beta-realty,Bo Park,Beta Realty,Hello!,You are Sam.,'

let dir: string
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'prospects-cli-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function writeCsv(name: string, ...lines: string[]): string {
  const path = join(dir, name)
  writeFileSync(path, `${lines.join('\r\n')}\r\n`)
  return path
}

/** Runs one command in-process, as `npm run prospects -- …` would, capturing what it prints. */
async function run(env: Record<string, string>, ...argv: string[]) {
  let stdout = ''
  let stderr = ''
  const code = await runProspectsCli(argv, {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
  })
  return { code, stdout, stderr }
}

// The embedded database's own data directory: the PostgreSQL project runs the part below instead.
describe.skipIf(process.env.TEST_DATABASE === 'postgres')('prospects CLI on the embedded database', () => {
  const env = () => ({ DATA_DIR: join(dir, 'data') })

  it('imports every row, writes links and snippets, and lists, shows and deletes', async () => {
    const file = writeCsv('team.csv', HEADER, ACME, BETA)
    const imported = await run(env(), 'import', file, '--site-url', 'https://demo.example.com/')
    expect(imported.stderr).toContain('Wrote 2 prospects')
    expect(imported.stderr).toContain('2 new, 0 updated, 0 unchanged')
    expect(imported.code).toBe(0)

    const links = parseCsv(readFileSync(join(dir, 'team.links.csv'), 'utf8')).map((record) => record.fields)
    expect(links).toEqual([
      ['slug', 'name', 'company_name', 'link', 'snippet'],
      [
        'acme-dental',
        'Dr. Ann Lee',
        'Acme Dental, Inc.',
        'https://demo.example.com/acme-dental',
        `<style>${PANEL_SPACE_CSS}</style>\n` +
          '<script type="module" async src="https://demo.example.com/widget.mjs"></script>\n<voice-demo slug="acme-dental"></voice-demo>',
      ],
      expect.arrayContaining(['beta-realty', 'https://demo.example.com/beta-realty']),
    ])

    const list = await run(env(), 'list')
    expect(list.stdout.split('\n').map((line) => line.split(/\s{2,}/)[0])).toEqual([
      'SLUG',
      'acme-dental',
      'beta-realty',
      'bright-smile-dental',
      'harbor-realty',
      'visitor',
      '',
    ])
    expect(list.stderr).toMatch(/^5 prospects in the embedded database /)

    const show = await run(env(), 'show', 'acme-dental', '--api-base', 'https://ref.supabase.co/functions/v1')
    expect(show.stdout).toContain('company_name: Acme Dental, Inc.\n')
    expect(show.stdout).toContain('system: You are Ava.\nBe brief.\n')
    expect(show.stdout).toContain('assistant_id: asst-9\n')
    expect(show.stdout).toContain(
      '<voice-demo slug="acme-dental" api-base="https://ref.supabase.co/functions/v1"></voice-demo>',
    )

    expect(await run(env(), 'delete', 'beta-realty')).toMatchObject({
      code: 0,
      stdout: 'Deleted prospect "beta-realty".\n',
    })
    expect(await run(env(), 'show', 'beta-realty')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^No prospect "beta-realty"/),
    })
    expect(await run(env(), 'delete', 'visitor')).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/cannot be deleted/),
    })
  }, 60_000)

  it('updates by slug, and leaves unchanged rows alone', async () => {
    const file = writeCsv('again.csv', HEADER, ACME.replace('Dr. Ann Lee', 'Dr. Ann Lee-Park'), BETA)
    const result = await run(env(), 'import', file, '--out', join(dir, 'again-links.csv'))
    expect(result.stderr).toContain('1 new, 1 updated, 0 unchanged')
    expect(existsSync(join(dir, 'again-links.csv'))).toBe(true)
    expect((await run(env(), 'import', file)).stderr).toContain('0 new, 0 updated, 2 unchanged')
  }, 30_000)

  it('imports the file on each run, each run a job of its own: a prospect deleted since comes back', async () => {
    const file = writeCsv(
      'rerun.csv',
      HEADER,
      ACME.replace('acme-dental', 'rerun-a'),
      BETA.replace('beta-realty', 'rerun-b'),
    )
    const first = await run(env(), 'import', file)
    expect([first.code, first.stderr]).toEqual([0, expect.stringContaining('2 new, 0 updated, 0 unchanged')])
    await run(env(), 'delete', 'rerun-b')
    const again = await run(env(), 'import', file)
    expect([again.code, again.stderr]).toEqual([0, expect.stringContaining('1 new, 0 updated, 1 unchanged')])
    expect((await run(env(), 'show', 'rerun-b')).code).toBe(0)
  }, 60_000)

  it('shows on a terminal how many rows are on their way', async () => {
    const rows = Array.from({ length: 1200 }, (_, i) => `tty-${i},Name ${i},Co ${i},Hi,Prompt,`)
    let stderr = ''
    const code = await runProspectsCli(['import', writeCsv('tty.csv', HEADER, ...rows)], {
      stdout: { write: () => true },
      stderr: { write: (text: string) => (stderr += text), isTTY: true },
      env: env(),
    })
    expect(code).toBe(0)
    for (const written of ['500', '1,000', '1,200']) expect(stderr).toContain(`${written} of 1,200 rows sent`)
    expect(stderr).toContain('Wrote 1,200 prospects')
  }, 60_000)

  it('lists every bad row with its line and changes nothing', async () => {
    const file = writeCsv(
      'bad.csv',
      HEADER,
      ACME.replace('Dr. Ann Lee', 'Someone Else'), // two lines: its prompt has a line break
      'Not A Slug,Zed,Zed Co,Hi,Prompt,',
      'gamma,,Gamma Co,Hi,Prompt,',
    )
    const result = await run(env(), 'import', file)
    expect(result.code).toBe(1)
    expect(result.stderr.split('\n')).toEqual([
      `${file}:4: slug (Slug) must be lowercase letters, digits or dashes, not "Not A Slug" (for example "not-a-slug")`,
      `${file}:5: name (Contact name) is required`,
      'Nothing was imported: 2 of 3 rows have problems. Fix them and run the import again.',
      '',
    ])
    expect((await run(env(), 'show', 'acme-dental')).stdout).toContain('name: Dr. Ann Lee-Park\n')
    expect(existsSync(join(dir, 'bad.links.csv'))).toBe(false)
  }, 30_000)

  it('writes names and companies that a spreadsheet would run as formulas as text', async () => {
    const file = writeCsv(
      'formulas.csv',
      'slug,name,company_name',
      'formula-a,"=HYPERLINK(""http://x"",""Open"")",+cmd|\' /C calc\'!A0',
      'formula-b,@SUM(1+1),-2+3',
      'formula-c,Ann = Lee,Plus+ Co',
    )
    const out = join(dir, 'formulas-links.csv')
    expect((await run(env(), 'import', file, '--out', out)).code).toBe(0)
    const links = parseCsv(readFileSync(out, 'utf8')).map((record) => record.fields.slice(0, 3))
    expect(links).toEqual([
      ['slug', 'name', 'company_name'],
      ['formula-a', `'=HYPERLINK("http://x","Open")`, `'+cmd|' /C calc'!A0`],
      ['formula-b', `'@SUM(1+1)`, `'-2+3`],
      ['formula-c', 'Ann = Lee', 'Plus+ Co'],
    ])
  }, 30_000)

  it('refuses a file that is not UTF-8 at its first such line, and imports nothing of it', async () => {
    // Saved as "CSV" in Windows-1252 (Latin-1's é is the one byte 0xE9): not "CSV UTF-8".
    const path = join(dir, 'latin1.csv')
    const text = `${HEADER}\r\ncafe-rene,Ren\u00e9 Roy,Caf\u00e9 Ren\u00e9,Hi,Prompt,\r\n`
    writeFileSync(path, Buffer.from(text, 'latin1'))
    const result = await run(env(), 'import', path)
    expect(result.code).toBe(1)
    expect(result.stderr.split('\n')).toEqual([
      `${path}:2: not UTF-8 text (save the file as "CSV UTF-8")`,
      'Nothing was imported.',
      '',
    ])
    expect(existsSync(join(dir, 'latin1.links.csv'))).toBe(false)
    expect((await run(env(), 'show', 'cafe-rene')).code).toBe(1)
  }, 30_000)

  it('works through the running server that holds the data directory, its links on the server’s address', async () => {
    const dataDir = join(dir, 'data')
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' })
    await once(other, 'spawn')
    // The server, as a command meets it: another live process holds the lock, and the database
    // answers on the socket in the data directory.
    const lock = acquireDataDirLock(dataDir, other.pid)
    const db = await createPrivatePGlite(join(dataDir, PGDATA_DIR))
    const socket = await serveDatabaseSocket(dataDir, db, 'http://127.0.0.1:4321')
    try {
      const file = writeCsv('beside.csv', HEADER, BETA.replace('beta-realty', 'beside-co'))
      const imported = await run(env(), 'import', file)
      expect(imported.code).toBe(0)
      expect(imported.stderr).toContain(`through the running server (pid ${other.pid})`)
      expect(imported.stderr).toContain('1 new, 0 updated, 0 unchanged')
      const links = parseCsv(readFileSync(join(dir, 'beside.links.csv'), 'utf8')).map((r) => r.fields[3])
      expect(links).toEqual(['link', 'http://127.0.0.1:4321/beside-co'])
      expect((await run(env(), 'show', 'beside-co')).stdout).toContain(
        'link: http://127.0.0.1:4321/beside-co\n',
      )
      // Every command goes through the socket, which runs only the app's functions and reads.
      expect(await run(env(), 'list')).toMatchObject({
        code: 0,
        stdout: expect.stringMatching(/^beside-co\s/m),
      })
      expect(await run(env(), 'websites')).toMatchObject({ code: 0, stdout: '' })
      expect((await run(env(), 'delete', 'beside-co')).code).toBe(0)

      // A server that does not answer (still starting): the command says what to do, changing nothing.
      await socket.close()
      const result = await run(env(), 'list')
      expect(result.code).toBe(1)
      expect(result.stderr).toContain(`in use by process ${other.pid}`)
      expect(result.stderr).toContain('stop the server (Ctrl-C), run the command again')
      // Checking a file needs no database, so it works whatever the server does.
      const check = await run(env(), 'import', '--dry-run', writeCsv('ok.csv', HEADER, BETA))
      expect(check).toMatchObject({
        code: 0,
        stderr: expect.stringContaining('Dry run: nothing was written.'),
      })
    } finally {
      await socket.close()
      await db.close()
      other.kill()
      await once(other, 'exit')
      lock.release()
    }
  }, 60_000)

  it('explains wrong usage with exit code 2', async () => {
    expect(await run(env(), 'show')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^"show" takes one argument/),
    })
    expect(await run(env(), 'publish')).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/^Unknown command/),
    })
    expect((await run(env(), '--help')).stdout).toMatch(/^Usage: npm run prospects/)
    const file = writeCsv('self.csv', HEADER, BETA)
    expect(await run(env(), 'import', file, '--out', file)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('is the file being imported'),
    })
    expect(readFileSync(file, 'utf8')).toContain('beta-realty,Bo Park')
  })
})

/** On PostgreSQL (DATABASE_URL), which the commands share with running servers: the node-postgres project. */
describe.runIf(process.env.TEST_DATABASE === 'postgres')('prospects CLI on PostgreSQL (DATABASE_URL)', () => {
  let backend: TestBackend
  let env: Record<string, string>

  beforeAll(async () => {
    backend = await createTestBackend()
    env = { DATABASE_URL: backend.url ?? '' }
  }, 60_000)
  afterAll(async () => {
    await backend?.db.close()
  })

  it('imports 10,000 rows as one job and lists them past the API row limit, a page at a time', async () => {
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `bulk-${String(i).padStart(5, '0')},Owner ${i},Co ${i},Hi,"Prompt ${i}",`,
    )
    const result = await run(env, 'import', writeCsv('bulk.csv', HEADER, ...rows))
    expect(result.stderr).toContain('PostgreSQL 127.0.0.1:')
    expect(result.stderr).toContain('10,000 new, 0 updated, 0 unchanged')
    // The same job as a rep's import, made by nobody (the command line).
    const { rows: jobs } = await backend.db.query(
      'select status, total, done, rep_id from public.import_jobs where total = 10000',
    )
    expect(jobs).toEqual([{ status: 'done', total: 10_000, done: 10_000, rep_id: null }])
    const list = await run(env, 'list')
    expect(list.stderr).toMatch(/^10,003 prospects/)
    expect(list.stdout.split('\n').filter((line) => line.startsWith('bulk-'))).toHaveLength(10_000)
  }, 60_000)

  it('writes nothing when the database refuses any row of the file (one transaction)', async () => {
    const row = (slug: string) => makeProspectRow({ slug, name: 'N', company_name: 'C' })
    const rows = [...Array.from({ length: 700 }, (_, i) => row(`atomic-${i}`)), row('Not Valid')]
    const start = await beginImport(backend.deps.db, {
      repId: null,
      key: 'atomic-test-key-0001',
      fileHash: 'a'.repeat(64),
      total: rows.length,
    })
    if (start.status !== 'created') throw new Error(`expected a new job, got ${start.status}`)
    await expect(writeImport(backend.deps.db, start.job, rows, () => {})).rejects.toThrow(
      /nothing was written: .*prospects_slug_format/,
    )
    expect(await getProspect(backend.deps.db, 'atomic-1')).toBeNull()
    const { rows: jobs } = await backend.db.query<{ status: string; staged: number }>(
      `select j.status, (select count(*)::int from public.import_job_rows r where r.job_id = j.id) as staged
         from public.import_jobs j where j.id = $1`,
      [start.job.id],
    )
    expect(jobs).toEqual([{ status: 'failed', staged: 0 }])
  })

  it('refuses a DATABASE_URL that is no PostgreSQL URL, saying what it must be', async () => {
    const result = await run({ DATABASE_URL: 'https://project.supabase.co' }, 'list')
    expect(result).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('DATABASE_URL: must be a postgres:// URL'),
    })
  })
})
