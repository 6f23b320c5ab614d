/** The functions of call reports and the nudges' outbox (supabase/migrations/20261202000200_*), in supabase-js's shape. */
export type OutboxFunctions = Record<never, never>
