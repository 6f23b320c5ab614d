import { BOOTSTRAP_SQL } from '../db/bootstrap.ts'
import { freshDatabaseScripts } from '../db/migrate.ts'
import { type PostgresCluster, type PsqlResult, startPostgresCluster } from '../db/postgres-cluster.ts'

/**
 * Applies each piece of SQL in a transaction of its own, in order, all through one psql process (a
 * process per piece cost about 150 process starts, most of a suite's time on a busy machine). psql
 * stops at the first error (ON_ERROR_STOP); the answer names that piece. Warnings count as failures;
 * notices do not (a migration's `drop function if exists` of a signature a fresh database never had).
 */
export function applyEachInOwnTransaction(
  pg: PostgresCluster,
  pieces: readonly string[],
): { ok: true } | { ok: false; piece: string; stderr: string } {
  const script = pieces.map((sql, index) => `\\echo piece ${index}\nbegin;\n${sql}\n;commit;`)
  const { status, stdout, stderr } = pg.psql(`set client_min_messages = warning;\n${script.join('\n')}`)
  if (status === 0 && stderr === '') return { ok: true }
  const reached = Number([...stdout.matchAll(/^piece (\d+)$/gm)].at(-1)?.[1] ?? 0)
  return { ok: false, piece: pieces[reached] ?? '', stderr }
}

/**
 * A throwaway cluster with the Supabase role bootstrap, every migration and every function file applied,
 * each piece in one transaction (freshDatabaseScripts). Throws with psql's words when one fails.
 */
export async function startMigratedCluster(bin: string): Promise<PostgresCluster> {
  const pg = await startPostgresCluster(bin)
  const applied = applyEachInOwnTransaction(pg, [BOOTSTRAP_SQL, ...(await freshDatabaseScripts())])
  if (!applied.ok) {
    pg.stop()
    throw new Error(`Preparing the PostgreSQL cluster failed: ${applied.stderr}`)
  }
  return pg
}

/**
 * Runs each session's SQL in a psql process of its own, all released at one moment: a gate session
 * holds an advisory lock until every session waits on it, so their statements really meet (a test of
 * row locks proves nothing if the sessions happen to run one after another).
 */
export async function runReleasedTogether(
  pg: PostgresCluster,
  sessions: readonly string[],
): Promise<PsqlResult[]> {
  const key = 4242
  const gate = pg.psqlAsync(
    `do $$ begin
       perform pg_advisory_lock(${key});
       while (select count(*) from pg_locks where locktype = 'advisory' and not granted) < ${sessions.length} loop
         perform pg_sleep(0.01);
       end loop;
       perform pg_advisory_unlock(${key});
     end $$;`,
  )
  while (pg.psql(`select count(*) from pg_locks where locktype = 'advisory' and granted`).stdout !== '1') {
    await new Promise((resolve) => setImmediate(resolve))
  }
  const results = await Promise.all(
    sessions.map((sql) =>
      pg.psqlAsync(`do $$ begin perform pg_advisory_lock_shared(${key}); end $$;\n${sql}`),
    ),
  )
  const opened = await gate
  if (opened.status !== 0) throw new Error(`The sessions' gate failed: ${opened.stderr}`)
  return results
}
