import { configDefaults, defineConfig } from 'vitest/config'

/**
 * The unit loop (`npm run test:unit`): pure and server code in Node (`node`), and each UI in happy-dom
 * with its own JSX runtime (`widget`, `site`). The integration run (`npm run test:integration`): the
 * suites that work through a database, on the embedded one (`integration`) and on PostgreSQL
 * (`node-postgres`), and those that start processes (`integration`, `node-process`). Browser
 * behaviour that happy-dom cannot show (Shadow DOM styles, workers, microphone) is in e2e/.
 */
/** Tests that set the process's umask, which only a process of their own may do (not a worker thread). */
const UMASK_TESTS = ['server/src/db/open-embedded-database.test.ts', 'server/src/db/private-pglite.test.ts']

/**
 * Benchmark-sized suites (tens of thousands of rows: a lead list of the largest size, a team's
 * 10,000 prospects), named `*-scale.test.ts`: `npm run bench scale` runs them on both engines, with
 * their times printed; `npm test` checks the same rules on small data. Defined only when asked, so a
 * new scale suite stays out of the everyday run by its name.
 */
const SCALE_SUITES = 'server/src/**/*-scale.test.ts'
const SCALE_RUN = process.env.SCALE_TESTS === '1'

/**
 * Suites that start processes of their own and wait on them (the server or a command as a child
 * process, a PostgreSQL cluster, Deno, HAProxy), or that put a burst of load or data on one: they were
 * most of the unit run's time. `npm run test:integration` runs them, with the PostgreSQL project;
 * `npm run test:unit` is the rest, the loop worth running after every change. (Run beside the
 * end-to-end tests they gained nothing: each suite alone keeps two cores busy, and after 15 minutes
 * side by side the two were about where one after the other gets in that time.)
 */
const PROCESS_SUITES = [
  'server/src/**/*-postgres.test.ts',
  'server/src/db/postgres-migrations.test.ts',
  'server/src/db/schema.test.ts',
  'server/src/answers-under-load.test.ts',
  'server/src/commands-beside-server.test.ts',
  'server/src/common/env-file.test.ts',
  'server/src/db/initdb-image.test.ts',
  'server/src/describe-startup-error.test.ts',
  'server/src/edge-deno.test.ts',
  'server/src/notify/nudge-after-kill.test.ts',
  'server/src/postgres-roles.test.ts',
  'server/src/prospects/prospects-cli.test.ts',
  'server/src/prospects/prospects-cli-failures.test.ts',
  'server/src/reps/sign-in-burst.test.ts',
  'server/src/rolling-restart.test.ts',
  'server/src/routes/call-records-storage.test.ts',
  'server/src/start-server.test.ts',
  'scripts/serve.test.ts',
  'scripts/build-server.test.ts',
]

/**
 * Suites of the embedded database's own files and processes: on PostgreSQL they would check the
 * same thing again.
 */
const EMBEDDED_ONLY = [
  // What the embedded database's own disk does to the commands: nothing of it is on PostgreSQL.
  'server/src/prospects/prospects-cli-failures.test.ts',
  // The server killed and started again on its data directory.
  'server/src/notify/nudge-after-kill.test.ts',
  // Suites that start a PostgreSQL cluster of their own whatever the engine under test: the
  // embedded project runs them already.
  'server/src/**/*-postgres.test.ts',
]

/**
 * The suites that work through the database port: run on the embedded PGlite and on PostgreSQL, both
 * in `npm run test:integration`. Each file opens a database of its own (a copy of the run's prepared
 * image, over a second on a quiet 2-core machine): they were two thirds of the unit loop's time, so
 * the loop leaves them to the integration run, which runs them on both engines.
 */
const DATABASE_SUITES = [
  'server/src/{calls,data,demo,events,health,hooks,notify,prospects,reps,routes,video,webhooks}/**/*.test.ts',
  'server/src/privacy.test.ts',
  'server/src/edge-deno.test.ts',
  'server/src/postgres-servers.test.ts',
  'server/src/draining-server.test.ts',
  'server/src/rolling-restart.test.ts',
  'server/src/postgres-roles.test.ts',
  'server/src/forged-engagement.test.ts',
]

/**
 * The other suites that open the embedded database (the database's own code, and the server's parts
 * that start on one): in `npm run test:integration` with the port's suites. The unit loop gives its
 * suites no database: one that opens one there fails, saying to list it here.
 */
const OWN_DATABASE_SUITES = [
  'server/src/db/{database-socket,database-thread,migrate,prepare-database}.test.ts',
  'server/src/{api-docs,reserved-slugs,starting-server,team-tries}.test.ts',
  'server/src/mail/mail-delivery.test.ts',
  'server/src/metrics/metrics-and-logs.test.ts',
  'server/src/preview/preview-routes.test.ts',
  'server/src/website/website-reading.test.ts',
]

/** Node suites in worker threads: the unit loop's `node` project and the `integration` one. */
const IN_NODE = {
  environment: 'node',
  // Worker threads start faster than forked processes (about 50 s less for the whole run here).
  pool: 'threads',
  // The servers and commands the tests start never read a developer's own `.env`.
  env: { ENV_FILE: '' },
  // Deadlines for a machine that is busy with other work too, not for an idle one: a test
  // must fail for what it checks, never for how fast the machine happens to be.
  testTimeout: 60_000,
} as const

/** The `integration` project's suites, on the embedded database. */
const ON_EMBEDDED_DATABASE = {
  ...IN_NODE,
  // One migrated and seeded database for the run, copied by each database-backed file. The unit
  // loop has none: a suite that opens one there fails (server/src/testing/prepared-database.ts).
  globalSetup: 'server/src/testing/prepared-database.ts',
  hookTimeout: 120_000,
} as const

export default defineConfig({
  test: {
    // Files at once: as many as a 2-core machine has cores. Vitest's default is one fewer, a single
    // worker there, where most of the server's files wait on processes of their own (PostgreSQL
    // clusters, servers, commands, psql) rather than compute, so the run was one file after another.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...IN_NODE,
          name: 'node',
          include: [
            'core/**/*.test.ts',
            'server/**/*.test.ts',
            'worker/**/*.test.ts',
            'scripts/**/*.test.ts',
            // The widget's build helpers run in Node (one test runs a real Vite build).
            'widget/build/**/*.test.ts',
          ],
          exclude: [
            ...configDefaults.exclude,
            ...UMASK_TESTS,
            SCALE_SUITES,
            ...PROCESS_SUITES,
            ...DATABASE_SUITES,
            ...OWN_DATABASE_SUITES,
          ],
        },
      },
      {
        test: {
          ...ON_EMBEDDED_DATABASE,
          name: 'integration',
          include: [...PROCESS_SUITES, ...DATABASE_SUITES, ...OWN_DATABASE_SUITES],
          exclude: [...configDefaults.exclude, SCALE_SUITES],
        },
      },
      {
        // The same route and data suites on a real PostgreSQL, through the driver production uses: one
        // server for the run, a database of its own per test file (server/src/testing/test-postgres.ts).
        test: {
          name: 'node-postgres',
          environment: 'node',
          pool: 'threads',
          env: { TEST_DATABASE: 'postgres', ENV_FILE: '' },
          globalSetup: ['server/src/testing/test-postgres.ts'],
          hookTimeout: 120_000,
          testTimeout: 60_000,
          include: [...DATABASE_SUITES],
          exclude: [...configDefaults.exclude, ...EMBEDDED_ONLY, SCALE_SUITES],
        },
      },
      ...(SCALE_RUN ? scaleProjects() : []),
      {
        test: {
          name: 'node-process',
          environment: 'node',
          pool: 'forks',
          globalSetup: ['server/src/testing/prepared-database.ts'],
          hookTimeout: 120_000,
          testTimeout: 60_000,
          include: UMASK_TESTS,
        },
      },
      {
        // Preact: one copy only (hooks crash reading `__H` when two load), and zustand inlined so it
        // does not pull in real React.
        resolve: { mainFields: ['module', 'main'] },
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
        test: {
          name: 'widget',
          environment: 'happy-dom',
          testTimeout: 60_000,
          pool: 'threads',
          include: ['widget/**/*.test.{ts,tsx}'],
          exclude: [...configDefaults.exclude, 'widget/build/**'],
          css: true,
          server: { deps: { inline: ['zustand'] } },
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        test: {
          name: 'site',
          environment: 'happy-dom',
          testTimeout: 60_000,
          pool: 'threads',
          // One happy-dom window per worker, not per file: a window costs about 1.5 s to set up on a
          // busy 2-core machine (101 s → 19 s for the site's files). What a test leaves in the window
          // (a mounted tree, storage, <html>'s theme, mocks, stubbed globals) is put back after it
          // (site/src/testing/setup.ts), and the files pass in any order (checked with shuffled runs).
          isolate: false,
          setupFiles: ['site/src/testing/setup.ts'],
          restoreMocks: true,
          unstubGlobals: true,
          include: ['site/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
})

/** The scale suites on the embedded database and on PostgreSQL, as the everyday projects run theirs. */
function scaleProjects() {
  const common = { environment: 'node', pool: 'threads', hookTimeout: 300_000, testTimeout: 600_000 } as const
  return [
    {
      test: {
        ...common,
        name: 'scale',
        env: { ENV_FILE: '' },
        globalSetup: ['server/src/testing/prepared-database.ts'],
        include: [SCALE_SUITES],
      },
    },
    {
      test: {
        ...common,
        name: 'scale-postgres',
        env: { TEST_DATABASE: 'postgres', ENV_FILE: '' },
        globalSetup: ['server/src/testing/test-postgres.ts'],
        include: [SCALE_SUITES],
      },
    },
  ]
}
