import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProspectResponse } from '#core/prospect.ts'
import { REP_API_PATH } from '#core/rep-api.ts'
import { loadServerConfig } from './config.ts'
import { DatabaseRightsError } from './db/database-rights.ts'
import { runDbCli } from './db/db-cli.ts'
import { listMigrations } from './db/migrate.ts'
import { findPostgresBin, type PostgresCluster, startPostgresCluster } from './db/postgres-cluster.ts'
import { describeStartupError } from './describe-startup-error.ts'
import { type RunningServer, startServer } from './start-server.ts'
import type { StaticDirs } from './static/static-files.ts'

/**
 * The server on PostgreSQL as a role without superuser, as docs/security.md ("PostgreSQL roles") has an
 * operator set it up: an administrator creates the API roles and a login role that owns the product's
 * database, and the server runs as that role. Where a right is missing, the start stops with one line
 * naming it and the SQL that gives it: the test runs that very SQL as the administrator would.
 *
 * The API roles belong to the whole PostgreSQL server, and the run's shared server has them already:
 * this file starts a server of its own, where they do not exist yet.
 */
const PASSWORD = 'app-server-password'

describe.runIf(process.env.TEST_DATABASE === 'postgres')(
  'the server as a PostgreSQL role without superuser',
  () => {
    let cluster: PostgresCluster
    let root: string
    let dirs: StaticDirs
    let env: Record<string, string>

    beforeAll(async () => {
      const bin = findPostgresBin()
      if (!bin) throw new Error("PostgreSQL's server tools are needed (apt-get install postgresql)")
      cluster = await startPostgresCluster(bin)
      // The administrator's part: a login role with no rights beyond its own, and an empty database it
      // does not own yet (as `createdb` makes one).
      admin(`create role app_server login password '${PASSWORD}' nosuperuser nocreatedb nocreaterole;
           create database callpilot;`)
      root = mkdtempSync(join(tmpdir(), 'postgres-roles-'))
      writeFileSync(join(root, 'widget.mjs'), '/* core */')
      dirs = { siteDir: join(root, 'site'), widgetDir: root, embedDemoDir: root }
      const url = new URL(cluster.url)
      url.username = 'app_server'
      url.password = PASSWORD
      url.pathname = '/callpilot'
      env = { PORT: '0', DATABASE_URL: url.toString(), CALL_HASH_SECRET: 'c'.repeat(40) }
    }, 120_000)
    afterAll(() => {
      cluster?.stop()
      if (root) rmSync(root, { recursive: true, force: true })
    })

    /** SQL as the PostgreSQL server's superuser: the administrator. */
    function admin(sql: string): void {
      const result = cluster.psql(sql)
      if (result.status !== 0) throw new Error(`psql failed: ${result.stderr}`)
    }

    /** What `npm run serve` prints when the start fails, and the SQL that line tells the administrator to run. */
    async function failedStart(): Promise<{ line: string; sql: string }> {
      const started = await startServer(loadServerConfig(env), dirs).catch((error: unknown) => error)
      if (typeof started === 'object' && started !== null && 'close' in started) {
        await (started as RunningServer).close()
        throw new Error('the server started')
      }
      expect(started).toBeInstanceOf(DatabaseRightsError)
      return { line: describeStartupError(started), sql: (started as DatabaseRightsError).sql }
    }

    const where = () => `PostgreSQL 127.0.0.1:${new URL(cluster.url).port}/callpilot`

    it('stops with one line naming the API roles it may not create, and the SQL that creates them', async () => {
      const { line, sql } = await failedStart()
      expect(line).toBe(
        `Cannot migrate ${where()}: the role app_server may not create the roles anon, authenticated and ` +
          "service_role, which the product's tables are granted to (permission denied to create role); an " +
          'administrator runs, once for this PostgreSQL server: create role anon nologin noinherit; create role ' +
          'authenticated nologin noinherit; create role service_role nologin noinherit bypassrls;',
      )
      admin(sql)
    })

    it('stops with one line when the role does not own the database, the same from npm run db -- migrate', async () => {
      const { line, sql } = await failedStart()
      expect(line).toBe(
        `Cannot migrate ${where()}: the role app_server may not change its schema (permission denied for ` +
          'database callpilot); the migrations need the owner of the database and of what its public schema ' +
          'holds, so an administrator runs: alter database callpilot owner to app_server;',
      )
      const stderr: string[] = []
      const io = { stdout: { write: () => true }, stderr: { write: (t: string) => stderr.push(t) }, env }
      expect(await runDbCli(['migrate'], io)).toBe(1)
      expect(stderr.join('')).toBe(`${line}\n`)
      admin(sql)
    })

    it('then migrates the empty database, serves a prospect and signs a rep in, and finds it migrated on restart', async () => {
      const first = await startServer(loadServerConfig(env), dirs)
      try {
        const page = await fetch(`${first.url}/api/prospects/visitor`)
        expect(page.status).toBe(200)
        expect(((await page.json()) as ProspectResponse).prospect.slug).toBe('visitor')

        // The first admin, through the setup link the start printed, then an ordinary sign-in.
        const token = new URLSearchParams(new URL(first.setupUrl ?? '').hash.slice(1)).get('token')
        const account = { email: 'ann@example.com', password: 'a good long password' }
        const post = (path: string, body: unknown) =>
          fetch(`${first.url}${REP_API_PATH}${path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify(body),
          })
        expect((await post('/setup', { token, ...account })).status).toBe(200)
        const signIn = await post('/session', account)
        expect(signIn.status).toBe(200)
        const cookie = (signIn.headers.get('Set-Cookie') ?? '').split(';')[0] ?? ''
        const session = await fetch(`${first.url}${REP_API_PATH}/session`, { headers: { Cookie: cookie } })
        expect(await session.json()).toMatchObject({ rep: { email: 'ann@example.com', role: 'admin' } })
      } finally {
        await first.close()
      }

      const again = await startServer(loadServerConfig(env), dirs)
      await again.close()
      const output: string[] = []
      const io = { stdout: { write: (t: string) => output.push(t) }, stderr: { write: () => true }, env }
      expect(await runDbCli(['status'], io)).toBe(0)
      expect(output.join('')).toContain(`${(await listMigrations()).length} applied, 0 pending`)
    })
  },
)
