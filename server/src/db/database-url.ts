/** A PostgreSQL connection URL, as DATABASE_URL (and Supabase's SUPABASE_DB_URL) must be. */
export const POSTGRES_URL = /^postgres(ql)?:\/\/\S+$/

/**
 * An earlier release reached hosted Supabase through SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY;
 * ignoring them would quietly use the embedded database instead, so without a database URL each one
 * set is a problem that says what to set. The server and the command-line tools both check it.
 */
export function listRetiredDatabaseVariables(present: Record<string, string | undefined>): string[] {
  if (present.DATABASE_URL || present.SUPABASE_DB_URL) return []
  return ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY']
    .filter((name) => present[name])
    .map(
      (name) =>
        `${name}: is no longer read; set DATABASE_URL to the project's database URL instead (Supabase: ` +
        'Project Settings → Database → Connection string)',
    )
}
