import { spawnSync } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EARLY_PRESS_SCRIPT } from '../../widget/src/element/early-press.ts'
import { createPasswordHasher } from './reps/passwords.ts'
import { addRep, setPasswordByLink } from './reps/rep-accounts.ts'
import { createToken, hashToken } from './reps/tokens.ts'
import { PANEL_CSS_FILE } from './static/drawn-panel.ts'
import { sourceHash } from './static/inline-head.ts'
import { type DenoServer, findDeno, REPO_ROOT, startDenoServer } from './testing/deno.ts'
import { startFakeVapiServer } from './testing/fake-vapi-server.ts'
import { createTestBackend, type TestBackend } from './testing/test-backend.ts'

/**
 * The edge function's real entry (`supabase/functions/api/index.ts`) under Deno, with the function's
 * own import map, against a real PostgreSQL through the driver it uses in production, given as
 * Supabase gives it (`SUPABASE_DB_URL`): the node-postgres project's database of this file. Packages
 * resolve from node_modules (no download), at the versions deno.json pins, which must be package.json's.
 */
const ENTRY = 'supabase/functions/api/index.ts'
const DENO_JSON = 'supabase/functions/api/deno.json'
const DENO_FLAGS = ['--no-lock', `--config=${DENO_JSON}`, '--node-modules-dir=manual']
const RUN_FLAGS = [...DENO_FLAGS, '--allow-env', '--allow-net=127.0.0.1', ENTRY]

let backend: TestBackend
let databaseUrl: string
let edge: DenoServer
let vapi: Awaited<ReturnType<typeof startFakeVapiServer>>
/** Phone calls a prospect may get a day, on this edge. */
const PHONE_LIMIT = 3

const get = (path: string) => fetch(`${edge.url}${path}`)

/** `dist/site` on a loopback port, as a static host publishes it. */
async function serveBuiltSite(): Promise<{ url: string; close(): void }> {
  const dir = join(REPO_ROOT, 'dist', 'site')
  if (!existsSync(join(dir, 'app.html')) || !existsSync(join(REPO_ROOT, 'dist', '.site-ssr'))) {
    throw new Error('The site is not built: run npm run build first.')
  }
  return serveDirectory(dir)
}

/** The widget's build (`dist/widget`: widget.mjs, its chunks, panel.css) on a loopback port, as its CDN. */
async function serveBuiltWidget(): Promise<{ url: string; close(): void }> {
  const dir = join(REPO_ROOT, 'dist', 'widget')
  if (!existsSync(join(dir, PANEL_CSS_FILE)))
    throw new Error('The widget is not built: run npm run build first.')
  return serveDirectory(dir)
}

async function serveDirectory(dir: string): Promise<{ url: string; close(): void }> {
  const server = createServer((request, response) => {
    const path = join(dir, new URL(request.url ?? '/', 'http://x').pathname)
    if (!path.startsWith(dir) || !existsSync(path)) return void response.writeHead(404).end()
    response.writeHead(200).end(readFileSync(path))
  }).listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}

describe.runIf(process.env.TEST_DATABASE === 'postgres')(
  'the edge function under Deno, on PostgreSQL',
  () => {
    beforeAll(async () => {
      ;[backend, vapi] = await Promise.all([createTestBackend(), startFakeVapiServer()])
      databaseUrl = backend.url ?? ''
      edge = await startDenoServer(RUN_FLAGS, {
        SUPABASE_DB_URL: databaseUrl,
        CALL_HASH_SECRET: 'edge-test-secret-'.padEnd(40, 'x'),
        PRODUCT_NAME: 'Edge Pilot',
        VAPI_PRIVATE_KEY: 'sk-edge-private-key-0123',
        VAPI_PHONE_NUMBER_ID: 'pn-edge-1',
        VAPI_ASSISTANT_ID: 'asst-edge-1',
        VAPI_API_URL: vapi.url,
        PHONE_LIMIT_PER_PROSPECT_DAILY: String(PHONE_LIMIT),
        PHONE_LIMIT_PER_IP_HOURLY: '1000',
      })
    }, 60_000)
    afterAll(async () => {
      await edge?.stop()
      await vapi?.close()
      await backend?.db.close()
    })

    it('answers a prospect read from PostgreSQL through the driver, with CORS for partner pages', async () => {
      const res = await fetch(`${edge.url}/api/prospects/bright-smile-dental`, {
        headers: { Origin: 'https://partner.example' },
      })
      expect(res.status).toBe(200)
      expect(res.headers.get('Access-Control-Allow-Origin')).toBe('*')
      expect(await res.json()).toMatchObject({
        prospect: { slug: 'bright-smile-dental', name: 'Dr. Maya Patel', companyName: 'Bright Smile Dental' },
        fallback: false,
      })
      const unknown = await (await get('/api/prospects/no-such-prospect')).json()
      expect(unknown).toMatchObject({ prospect: { slug: 'visitor' }, fallback: true })
    })

    it('reads its configuration from the environment Deno was given', async () => {
      const res = await get('/api/config')
      expect(res.status).toBe(200)
      expect(await res.json()).toEqual({
        productName: 'Edge Pilot',
        voice: null,
        features: { browserCall: false, phoneCall: true, videoCall: false },
      })
    })

    it('answers 300 phone requests at once truthfully: exactly the limit placed, every other one 429, none 503', async () => {
      const before = vapi.calls().length
      const answers = await Promise.all(
        Array.from({ length: 300 }, (_, i) =>
          fetch(`${edge.url}/api/calls/phone`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({
              slug: 'harbor-realty',
              country: 'US',
              number: `(201) 555-${String(1000 + i)}`,
              idempotencyKey: `edge-burst-${String(i).padStart(8, '0')}`,
            }),
          }),
        ),
      )
      const counts: Record<number, number> = {}
      for (const res of answers) counts[res.status] = (counts[res.status] ?? 0) + 1
      expect(counts).toEqual({ 200: PHONE_LIMIT, 429: 300 - PHONE_LIMIT })
      expect(vapi.calls().length - before).toBe(PHONE_LIMIT)
    }, 600_000)

    it('answers errors in the API shape, and has no route that lists prospects', async () => {
      const bad = await get('/api/prospects/Not_A_Slug')
      expect(bad.status).toBe(400)
      expect((await bad.json()).error.code).toBe('slug_invalid')
      for (const path of ['/api/prospects', '/api/prospects/', '/api/prospects?select=*']) {
        const res = await get(path)
        expect(res.status, path).toBe(404)
        expect(await res.json()).toEqual({ error: { code: 'not_found', message: 'Not found.' } })
      }
      // The edge serves the API only: no local REST layer, no static files.
    })

    it('signs a rep in with a password hashed on Node, by Deno’s scrypt, and refuses a wrong one alike', async () => {
      const token = createToken()
      const at = new Date()
      const link = { tokenHash: hashToken(token), at, expiresAt: new Date(at.getTime() + 60_000) }
      const { rep } = await addRep(backend.deps.db, 'edge@example.com', 'rep', link)
      const password = 'an edge password'
      await setPasswordByLink(backend.deps.db, {
        token_hash: link.tokenHash,
        password_hash: await createPasswordHasher().hash(password),
        session_token_hash: hashToken(createToken()),
        at: at.toISOString(),
        session_expires_at: link.expiresAt.toISOString(),
      })
      const signIn = (body: unknown) =>
        fetch(`${edge.url}/api/reps/session`, { method: 'POST', body: JSON.stringify(body) })
      const ok = await signIn({ email: 'edge@example.com', password })
      expect(ok.status).toBe(200)
      expect((await ok.json()).rep).toEqual(rep)
      expect(ok.headers.getSetCookie()[0]).toMatch(
        /^rep_session=[\w-]{43}; Max-Age=604800; Path=\/; HttpOnly; SameSite=Strict$/,
      )
      for (const body of [
        { email: 'edge@example.com', password: 'not the password' },
        { email: 'nobody@example.com', password },
      ]) {
        const res = await signIn(body)
        expect(res.status).toBe(401)
        expect((await res.json()).error.code).toBe('sign_in_failed')
      }
    }, 30_000)

    it('writes a rep’s import before answering, there being no EdgeRuntime.waitUntil: the 202 is the finished job', async () => {
      const token = createToken()
      const at = new Date()
      const link = { tokenHash: hashToken(token), at, expiresAt: new Date(at.getTime() + 60_000) }
      await addRep(backend.deps.db, 'edge-import@example.com', 'rep', link)
      const password = 'an edge import password'
      await setPasswordByLink(backend.deps.db, {
        token_hash: link.tokenHash,
        password_hash: await createPasswordHasher().hash(password),
        session_token_hash: hashToken(createToken()),
        at: at.toISOString(),
        session_expires_at: link.expiresAt.toISOString(),
      })
      const signIn = await fetch(`${edge.url}/api/reps/session`, {
        method: 'POST',
        body: JSON.stringify({ email: 'edge-import@example.com', password }),
      })
      const { csrfToken } = (await signIn.json()) as { csrfToken: string }
      const cookie = (signIn.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
      const csv = ['slug,name,company_name', 'edge-one,Ann,Edge One', 'edge-two,Bo,Edge Two'].join('\n')
      const res = await fetch(`${edge.url}/api/reps/imports`, {
        method: 'POST',
        headers: {
          Cookie: cookie,
          'X-CSRF-Token': csrfToken,
          'Content-Type': 'text/csv',
          'Idempotency-Key': 'edge-import-key-0001',
        },
        body: csv,
      })
      expect(res.status).toBe(202)
      const answer = (await res.json()) as { import: { id: string; status: string; result: unknown } }
      expect(answer.import).toMatchObject({
        status: 'done',
        result: {
          inserted: 2,
          updated: 0,
          unchanged: 0,
          links: [{ slug: 'edge-one' }, { slug: 'edge-two' }],
        },
      })
      expect(res.headers.get('Location')).toBe(`/api/reps/imports/${answer.import.id}`)
    }, 30_000)

    it('refuses to serve with a bad environment, listing every problem in one log message', async () => {
      const broken = await startDenoServer(RUN_FLAGS, { PORT: 'eighty', VAPI_API_URL: 'not a url' })
      try {
        const res = await fetch(`${broken.url}/api/config`)
        expect(res.status).toBe(503)
        expect((await res.json()).error.code).toBe('unavailable')
        await fetch(`${broken.url}/api/prospects/visitor`) // logged once, not per request
        const log = broken.stderr()
        expect(log.match(/Invalid server environment/g)).toHaveLength(1)
        for (const name of ['PORT', 'VAPI_API_URL', 'DATABASE_URL', 'CALL_HASH_SECRET']) {
          expect(log).toContain(`- ${name}:`)
        }
      } finally {
        await broken.stop()
      }
    }, 30_000)

    it('without SITE_URL, says that prospect pages need it', async () => {
      const res = await get('/api/pages/bright-smile-dental')
      expect(res.status).toBe(503)
      expect(await res.text()).toContain('SITE_URL')
    })

    it('renders prospect pages on the shell the static host publishes, as the Node server does', async () => {
      const site = await serveBuiltSite()
      const pages = await startDenoServer(RUN_FLAGS, {
        SUPABASE_DB_URL: databaseUrl,
        CALL_HASH_SECRET: 'edge-test-secret-'.padEnd(40, 'x'),
        SITE_URL: site.url,
      })
      try {
        const res = await fetch(`${pages.url}/api/pages/bright-smile-dental`)
        expect(res.status).toBe(200)
        expect(res.headers.get('X-Robots-Tag')).toBe('noindex')
        const html = await res.text()
        expect(html).toContain('<title>A voice agent built for Bright Smile Dental · CallPilot</title>')
        expect(html).toContain(`<link rel="canonical" href="${site.url}/bright-smile-dental" />`)
        expect(html).toMatch(/Hey <!-- -->Dr\. Maya Patel/)
        // The stylesheet is inline, allowed by its hash in the page's own policy.
        expect(html).toContain('<style>')
        expect(res.headers.get('Content-Security-Policy')).toMatch(/style-src 'self'[^;]* 'sha256-/)

        const moved = await fetch(`${pages.url}/api/pages/Bright-Smile-Dental`, { redirect: 'manual' })
        expect(moved.status).toBe(301)
        expect(moved.headers.get('Location')).toBe('/bright-smile-dental')
        const malformed = await fetch(`${pages.url}/api/pages/Not_A_Slug`)
        expect(malformed.status).toBe(404)
        expect(await malformed.text()).toContain('We couldn&#x27;t find a page for that link')
      } finally {
        await pages.stop()
        site.close()
      }
    }, 60_000)

    it("draws the demo panel in the page when the widget's panel.css is published beside WIDGET_SCRIPT_URL", async () => {
      const [site, widget] = await Promise.all([serveBuiltSite(), serveBuiltWidget()])
      const pages = await startDenoServer(RUN_FLAGS, {
        SUPABASE_DB_URL: databaseUrl,
        CALL_HASH_SECRET: 'edge-test-secret-'.padEnd(40, 'x'),
        SITE_URL: site.url,
        WIDGET_SCRIPT_URL: `${widget.url}/widget.mjs`,
      })
      try {
        const res = await fetch(`${pages.url}/api/pages/bright-smile-dental`)
        expect(res.status).toBe(200)
        const html = await res.text()
        const policy = res.headers.get('Content-Security-Policy') ?? ''
        const directive = (name: string) => new RegExp(`(?:^|; )${name} ([^;]*)`).exec(policy)?.[1] ?? ''
        // The panel as a declarative shadow root in <voice-demo>, in the widget's stylesheet, allowed by
        // its hash: the buttons are in the page's first paint.
        const drawn =
          /<voice-demo [^>]*><template shadowrootmode="open"><style>([^<]*)<\/style>(.*?)<\/template>/.exec(
            html,
          )
        expect(
          drawn?.[1]?.startsWith(readFileSync(join(REPO_ROOT, 'dist', 'widget', PANEL_CSS_FILE), 'utf8')),
        ).toBe(true)
        expect(drawn?.[2]).toContain('Built for Bright Smile Dental</h2>')
        expect(drawn?.[2]).toMatch(/<button type="button"[^>]*>.*Call Me<\/button>/)
        expect(directive('style-src').split(' ')).toContain(await sourceHash(drawn?.[1] ?? ''))
        // With it, the script that keeps a press on those buttons before widget.mjs, allowed by its hash.
        expect(html).toContain(`<script>${EARLY_PRESS_SCRIPT}</script>`)
        expect(directive('script-src').split(' ')).toContain(await sourceHash(EARLY_PRESS_SCRIPT))
      } finally {
        await pages.stop()
        site.close()
        widget.close()
      }
    }, 60_000)

    it('type-checks under Deno with the import map the deploy uses', () => {
      // The same map, given as an import map from the repository root: `node:` imports (the reps'
      // scrypt) make Deno's checker want `npm:@types/node`, which it seeks only in a node_modules beside
      // the config file's folder; run, the function needs no types (RUN_FLAGS keep --config).
      const flags = ['--no-lock', '--no-config', `--import-map=${DENO_JSON}`, '--node-modules-dir=manual']
      const result = spawnSync(findDeno(), ['check', ...flags, ENTRY], {
        cwd: REPO_ROOT,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      })
      expect(result.stderr + result.stdout).not.toMatch(/error/i)
      expect(result.status).toBe(0)
    }, 60_000)

    it('pins in deno.json exactly the versions package.json installs', () => {
      const { imports } = JSON.parse(readFileSync(join(REPO_ROOT, DENO_JSON), 'utf8')) as {
        imports: Record<string, string>
      }
      const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
        dependencies: Record<string, string>
      }
      const targets = Object.values(imports)
      expect(targets.length).toBeGreaterThan(0)
      for (const target of targets) {
        const [, name, version] = /^npm:\/?(@?[^@]+)@([^/]+)\/?$/.exec(target) ?? []
        expect(name && pkg.dependencies[name], target).toBe(version)
      }
    })
  },
)
