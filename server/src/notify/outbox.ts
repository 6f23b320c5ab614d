import { callFunction, type Db } from '../data/database.ts'
import type { ClaimedNudge, OutboxFunctions } from '../data/outbox-database.ts'

export type { ClaimedNudge }
export type NudgeState = OutboxFunctions['finish_nudge']['Returns']['state']

export interface Claim {
  nudges: ClaimedNudge[]
  /** The earliest time another nudge may be due (a retry, or a lease that ends); null: none waiting. */
  nextAt: Date | null
}

/** Claims up to `maxRows` due nudges for `leaseSeconds`: no other drainer sends them meanwhile. */
export async function claimNudges(db: Db, maxRows: number, leaseSeconds: number, at: Date): Promise<Claim> {
  const data = await callFunction(db, 'claim_nudges', {
    max_rows: maxRows,
    lease_seconds: leaseSeconds,
    at: at.toISOString(),
  })
  return { nudges: data.nudges, nextAt: data.next_at === null ? null : new Date(data.next_at) }
}

/**
 * Records one delivery attempt and ends the lease: sent, or to be tried again after a backoff, or
 * given up after the last attempt. `gone`: it was sent or given up meanwhile, or deleted with its
 * prospect.
 */
export async function finishNudge(
  db: Db,
  id: number,
  result: { ok: true } | { ok: false; error: string },
  at: Date,
): Promise<NudgeState> {
  const data = await callFunction(db, 'finish_nudge', {
    id,
    ok: result.ok,
    error: result.ok ? null : result.error,
    at: at.toISOString(),
  })
  return data.state
}

/**
 * Frees the leases a stopped server left. Only for a server that is the database's one drainer (the
 * embedded database), as it starts: what it was sending when it stopped goes out now, not after the lease.
 */
export async function releaseNudgeLeases(db: Db): Promise<number> {
  return callFunction(db, 'release_nudge_leases', {})
}
