import { AppError } from '#core/errors.ts'
import type { Db } from '../data/database.ts'
import type { ClaimedNudge, OutboxFunctions } from '../data/outbox-database.ts'

export type { ClaimedNudge }
export type NudgeState = OutboxFunctions['finish_nudge']['Returns']['state']

export interface Claim {
  nudges: ClaimedNudge[]
  /** The earliest time another nudge may be due (a retry, or a lease that ends); null: none waiting. */
  nextAt: Date | null
}

/** Claims up to `maxRows` due nudges for `leaseSeconds`: no other drainer sends them meanwhile. */
export async function claimNudges(
  supabase: Db,
  maxRows: number,
  leaseSeconds: number,
  at: Date,
): Promise<Claim> {
  const { data, error } = await supabase.rpc('claim_nudges', {
    max_rows: maxRows,
    lease_seconds: leaseSeconds,
    at: at.toISOString(),
  })
  if (error || !data)
    throw new AppError('unavailable', { cause: error ?? new Error('claim_nudges: no answer') })
  return { nudges: data.nudges, nextAt: data.next_at === null ? null : new Date(data.next_at) }
}

/**
 * Records one delivery attempt and ends the lease: sent, or to be tried again after a backoff, or
 * given up after the last attempt. `gone`: it was sent or given up meanwhile, or deleted with its
 * prospect.
 */
export async function finishNudge(
  supabase: Db,
  id: number,
  result: { ok: true } | { ok: false; error: string },
  at: Date,
): Promise<NudgeState> {
  const { data, error } = await supabase.rpc('finish_nudge', {
    id,
    ok: result.ok,
    error: result.ok ? null : result.error,
    at: at.toISOString(),
  })
  if (error || !data)
    throw new AppError('unavailable', { cause: error ?? new Error('finish_nudge: no answer') })
  return data.state
}

/**
 * Frees the leases a stopped server left. Only for a server that is the database's one drainer (the
 * embedded database), as it starts: what it was sending when it stopped goes out now, not after the lease.
 */
export async function releaseNudgeLeases(supabase: Db): Promise<number> {
  const { data, error } = await supabase.rpc('release_nudge_leases', {})
  if (error || data === null) {
    throw new AppError('unavailable', { cause: error ?? new Error('release_nudge_leases: no answer') })
  }
  return data
}
