import { API_ROLES } from './database-rights.ts'
import type { SqlDatabase } from './sql-database.ts'

/**
 * Makes a database look like a fresh hosted Supabase project before any migration runs: the API roles
 * exist (created here when missing, which only a superuser may: database-rights.ts) and, as on
 * Supabase, every new table in `public` is granted to all of them by default. Without those defaults a
 * migration's `revoke` would pass here and fail to protect there.
 * Idempotent; skipped when already done (it is one implicit transaction, and the migrations table is
 * its last statement), which saves ~100 ms of catalogue writes on every restart.
 */
export const BOOTSTRAP_SQL = `
do $$
begin
${Object.entries(API_ROLES)
  .map(
    ([name, create]) =>
      `  if not exists (select from pg_roles where rolname = '${name}') then\n    ${create}\n  end if;`,
  )
  .join('\n')}
end
$$;

grant usage on schema public to anon, authenticated, service_role;

alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
-- Functions are executable by PUBLIC unless a migration revokes it; Supabase grants them too.
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;

create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  name text not null,
  inserted_at timestamptz not null default now()
);
`

export async function bootstrapSupabaseRoles(db: SqlDatabase): Promise<void> {
  const done = await db.query<{ done: boolean }>(
    `select to_regclass('supabase_migrations.schema_migrations') is not null as done`,
  )
  if (done.rows[0]?.done) return
  await db.exec(BOOTSTRAP_SQL)
}
