/** The functions of the event ingest and its upkeep (supabase/migrations/20261202000100_*), in supabase-js's shape. */
export type EventFunctions = Record<never, never>
