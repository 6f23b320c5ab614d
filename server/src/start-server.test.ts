import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { type IncomingHttpHeaders, request } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerConfig } from './config.ts'
import { callFunction } from './data/database.ts'
import { beginImportJob, IMPORT_INTERRUPTED_MESSAGE, readImportJob } from './data/import-jobs.ts'
import { openEmbeddedDatabase } from './db/open-embedded-database.ts'
import { type RunningServer, startServer } from './start-server.ts'
import { NOT_BUILT_MESSAGE, type StaticDirs } from './static/static-files.ts'
import { modesUnder, notPrivate } from './testing/disk-failures.ts'
import { makeProspectRow } from './testing/prospect-fixture.ts'

let root: string
let dirs: StaticDirs
let server: RunningServer
const config = () => loadServerConfig({ PORT: '0', DATA_DIR: join(root, 'data') })

function write(path: string, text: string) {
  mkdirSync(join(path, '..'), { recursive: true })
  writeFileSync(path, text)
}

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'start-server-'))
  dirs = { siteDir: join(root, 'site'), widgetDir: join(root, 'widget'), embedDemoDir: join(root, 'embed') }
  write(join(dirs.siteDir, 'index.html'), '<!doctype html><title>site</title>')
  write(join(dirs.siteDir, 'assets', 'app-abc123.js'), 'export {}')
  write(join(dirs.siteDir, 'favicon.svg'), '<svg/>')
  write(join(dirs.widgetDir, 'widget.mjs'), '/* core */')
  write(join(dirs.widgetDir, 'widget.js'), '/* loader */')
  write(join(dirs.widgetDir, 'widget-chunks', 'panel-x1.js'), 'export const x = 1')
  write(join(dirs.embedDemoDir, 'index.html'), '<h1>demos</h1>')
  write(join(dirs.embedDemoDir, 'strict-csp', 'index.html'), '<h1>csp</h1>')
  write(join(root, 'secret.txt'), 'outside')
  server = await startServer(config(), dirs)
}, 60_000)
afterAll(async () => {
  await server?.close()
  rmSync(root, { recursive: true, force: true })
})

const get = (path: string) => fetch(`${server.url}${path}`, { redirect: 'manual' })

describe('startServer (embedded database, on disk)', () => {
  it('listens on the real port when PORT=0 and serves the API', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(server.url).not.toMatch(/:0$/)
    const res = await get('/api/prospects/bright-smile-dental')
    expect(res.status).toBe(200)
    expect((await res.json()).prospect.companyName).toBe('Bright Smile Dental')
  })

  it('answers the liveness and readiness probes once it serves: every migration its code needs is applied', async () => {
    for (const path of ['/healthz', '/readyz']) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('cache-control'), path).toBe('no-store')
    }
    expect(await (await get('/readyz')).json()).toEqual({ status: 'ready' })
  })

  it('creates the database with owner-only files: directories 0700, files 0600', () => {
    expect(modesUnder(join(root, 'data')).length).toBeGreaterThan(900)
    expect(notPrivate(join(root, 'data'))).toEqual([])
  })

  it('serves the widget entries for any origin, revalidated, and its chunks immutable', async () => {
    for (const [path, body] of [
      ['/widget.mjs', '/* core */'],
      ['/widget.js', '/* loader */'],
    ]) {
      const entry = await get(path as string)
      expect(await entry.text()).toBe(body)
      expect(entry.headers.get('Content-Type')).toBe('text/javascript; charset=utf-8')
      expect(entry.headers.get('Cache-Control')).toBe('no-cache')
      expect(entry.headers.get('Access-Control-Allow-Origin')).toBe('*')
    }
    const chunk = await get('/widget-chunks/panel-x1.js')
    expect(await chunk.text()).toBe('export const x = 1')
    expect(chunk.headers.get('Access-Control-Allow-Origin')).toBe('*')
    expect(chunk.headers.get('Cache-Control')).toContain('immutable')
    expect((await get('/assets/app-abc123.js')).headers.get('Cache-Control')).toContain('immutable')
  })

  it('sends text precompressed (brotli, else gzip) and answers a known version with 304', async () => {
    const source = `export const words = ${JSON.stringify('tailored voice agent '.repeat(400))}\n`
    write(join(dirs.widgetDir, 'widget-chunks', 'big-x2.js'), source)
    const raw = (headers: Record<string, string>) =>
      new Promise<{ status: number; headers: IncomingHttpHeaders; bytes: Buffer }>((resolve, reject) => {
        request(`${server.url}/widget-chunks/big-x2.js`, { headers }, (res) => {
          const parts: Buffer[] = []
          res.on('data', (part: Buffer) => parts.push(part))
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(parts) }),
          )
        })
          .on('error', reject)
          .end()
      })

    const br = await raw({ 'Accept-Encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toBe('Accept-Encoding')
    expect(brotliDecompressSync(br.bytes).toString()).toBe(source)
    expect(br.bytes.length).toBeLessThan(source.length / 10)

    const gz = await raw({ 'Accept-Encoding': 'gzip, br;q=0' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.bytes).toString()).toBe(source)

    const plain = await raw({})
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.bytes.toString()).toBe(source)

    const etag = plain.headers.etag as string
    expect(etag).toMatch(/^W\/"[\da-f]+-[\da-f]+"$/)
    const again = await raw({ 'If-None-Match': etag, 'Accept-Encoding': 'br' })
    expect(again.status).toBe(304)
    expect(again.bytes.length).toBe(0)
    expect(again.headers['cache-control']).toContain('immutable')

    // A rebuild (new content and mtime) is a new version: the old tag no longer matches.
    write(join(dirs.widgetDir, 'widget-chunks', 'big-x2.js'), `${source}// v2\n`)
    utimesSync(join(dirs.widgetDir, 'widget-chunks', 'big-x2.js'), new Date(), new Date(Date.now() + 5000))
    const rebuilt = await raw({ 'If-None-Match': etag })
    expect(rebuilt.status).toBe(200)
    expect(rebuilt.bytes.toString()).toBe(`${source}// v2\n`)
  })

  it('answers client routes with the app shell, and real files as themselves', async () => {
    for (const path of ['/', '/bright-smile-dental', '/visitor']) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('Content-Type')).toBe('text/html; charset=utf-8')
      expect(await res.text()).toContain('<title>site</title>')
    }
    expect((await get('/favicon.svg')).headers.get('Content-Type')).toBe('image/svg+xml')
    expect((await get('/missing.png')).status).toBe(404)
    expect((await get('/api/unknown')).status).toBe(404)
  })

  it('serves embed-demo pages, redirecting directories to their trailing slash', async () => {
    expect(await (await get('/embed-demo/')).text()).toBe('<h1>demos</h1>')
    expect((await get('/embed-demo')).headers.get('Location')).toBe('/embed-demo/')
    expect((await get('/embed-demo/strict-csp')).headers.get('Location')).toBe('/embed-demo/strict-csp/')
    expect(await (await get('/embed-demo/strict-csp/')).text()).toBe('<h1>csp</h1>')
  })

  it('never serves a file outside its directory', async () => {
    for (const path of [
      '/embed-demo/..%2fsecret.txt',
      '/embed-demo/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(await res.text()).not.toContain('outside')
    }
  })

  it('refuses a second server on the same data directory', async () => {
    await expect(startServer(config(), dirs)).rejects.toThrow(/is already open in this process/)
  })

  it('says to build first when dist/ is missing (PostgreSQL, not migrated at start: no database opened)', async () => {
    const hosted = loadServerConfig({
      PORT: '0',
      DATABASE_URL: 'postgres://app@127.0.0.1:9/postgres',
      DATABASE_MIGRATE: 'off',
      CALL_HASH_SECRET: 'h'.repeat(32),
    })
    const bare = await startServer(hosted, {
      ...dirs,
      siteDir: join(root, 'no-site'),
      widgetDir: join(root, 'no'),
    })
    try {
      for (const path of ['/', '/prospect-page', '/widget.mjs']) {
        const res = await fetch(`${bare.url}${path}`)
        expect(res.status, path).toBe(503)
        expect(await res.text()).toBe(NOT_BUILT_MESSAGE)
      }
    } finally {
      await bare.close()
    }
  })

  it('releases the data directory on close and keeps the data across a restart', async () => {
    await server.close()
    const embedded = await openEmbeddedDatabase(join(root, 'data')) // fails if the lock were kept
    expect(embedded.seeded).toBe(false)
    await embedded.db.query(
      `insert into public.prospects (slug, name, company_name, first_message, system)
       values ('kept-co', 'Kim', 'Kept Co', 'Hello', 'Be kind')`,
    )
    await embedded.close()
    server = await startServer(config(), dirs)
    const body = await (await get('/api/prospects/kept-co')).json()
    expect(body).toMatchObject({ fallback: false, prospect: { companyName: 'Kept Co' } })
  }, 60_000)

  it('settles, as it starts, the calls a killed server left pending, freeing their keys', async () => {
    await server.close()
    const before = await openEmbeddedDatabase(join(root, 'data'))
    await before.db.query(
      `insert into public.phone_call_attempts (idempotency_key, prospect_slug, country, number_hash, assistant_id)
       values (gen_random_uuid()::text, 'visitor', 'US', repeat('0', 64), 'a')`,
    )
    await before.db.query(
      `insert into public.video_conversations (backend, max_duration_seconds) values ('tavus', 300)`,
    )
    await before.close()
    server = await startServer(config(), dirs)
    await server.close()
    const after = await openEmbeddedDatabase(join(root, 'data'))
    const rows = await after.db.query<{ outcome: string; idempotency_key: string | null }>(
      `select outcome, idempotency_key from public.phone_call_attempts where number_hash = repeat('0', 64)
       union all select outcome, null from public.video_conversations`,
    )
    await after.close()
    expect(rows.rows).toEqual([
      { outcome: 'unknown', idempotency_key: null },
      { outcome: 'unknown', idempotency_key: null },
    ])
    server = await startServer(config(), dirs)
  }, 120_000)

  it('fails, as it starts, the imports a killed server was writing: nothing of them is written', async () => {
    await server.close()
    const before = await openEmbeddedDatabase(join(root, 'data'))
    const start = await beginImportJob(
      before.db,
      { repId: null, key: 'killed-server-import-1', fileHash: 'b'.repeat(64), total: 2 },
      new Date(),
    )
    if (start.status !== 'created') throw new Error(`expected a new job, got ${start.status}`)
    await callFunction(before.db, 'stage_import_rows', {
      job_id: start.job.id,
      first_position: 0,
      prospects: [makeProspectRow({ slug: 'killed-import', name: 'Kim', company_name: 'Kim Co' })],
      at: new Date().toISOString(),
    })
    await before.close()
    server = await startServer(config(), dirs)
    await server.close()
    const after = await openEmbeddedDatabase(join(root, 'data'))
    const job = await readImportJob(after.db, start.job.id, new Date())
    const { rows } = await after.db.query(
      `select (select count(*)::int from public.import_job_rows) as staged,
              (select count(*)::int from public.prospects where slug = 'killed-import') as written`,
    )
    await after.close()
    expect(job).toMatchObject({ status: 'failed', error: IMPORT_INTERRUPTED_MESSAGE })
    expect(rows).toEqual([{ staged: 0, written: 0 }])
    server = await startServer(config(), dirs)
  }, 120_000)
})
