import type { AgentTemplateSet } from '#core/agent.ts'
import { callFunction, type Db } from '../data/database.ts'
import type { ClaimedWebsiteRead } from '../data/website-database.ts'
import { factsByField, readWebsite, type WebsiteReaderSettings } from './read-website.ts'
import { WebsiteReadError } from './site-page.ts'

/**
 * A reading is leased for this long: a server that stops while reading lets another take it after
 * it. Long enough for a reading that waits behind others of the same host (each at most 8 s).
 */
const LEASE_SECONDS = 300
/** How often an idle server looks for readings queued elsewhere (the command line, another server). */
const IDLE_POLL_MS = 5000

const UNREADABLE = 'The site could not be read.'

export interface WebsiteReadQueueDeps {
  db: Db
  templates: AgentTemplateSet
  settings: WebsiteReaderSettings & { concurrency: number }
  logger: Pick<Console, 'warn' | 'error'>
  now?: () => Date
}

export interface WebsiteReadQueue {
  /** Readings were queued: look now rather than at the next poll. */
  wake(): void
  /** Resolves once nothing is being read or waiting (tests, benchmarks). */
  idle(): Promise<void>
  /** Stops taking readings and waits for those under way. */
  stop(): Promise<void>
}

/**
 * Reads the queued sites (website_reads) in the background: at most `concurrency` at once, and one
 * request at a time per host, so a list of 500 businesses on one web host never has that host
 * answering more than one of our requests at a time. Each reading fills only its prospect's blank
 * details (finish_website_read); one that cannot be read is marked failed with the reason, for the
 * rep to fix or retry.
 */
export function startWebsiteReadQueue(deps: WebsiteReadQueueDeps): WebsiteReadQueue {
  const now = deps.now ?? (() => new Date())
  const hosts = new Map<string, Promise<void>>()
  let inFlight = 0
  let stopped = false
  let pumping: Promise<void> | null = null
  let again = false
  let timer: NodeJS.Timeout | null = null
  let idleWaiters: (() => void)[] = []

  const settleIdle = () => {
    if (inFlight > 0 || pumping) return
    const waiters = idleWaiters
    idleWaiters = []
    for (const resolve of waiters) resolve()
  }

  const readOne = async (claim: ClaimedWebsiteRead) => {
    let facts: Record<string, string> | null = null
    let error: string | null = null
    try {
      const reading = await readWebsite(claim.website, {
        db: deps.db,
        templates: deps.templates,
        settings: deps.settings,
        logger: deps.logger,
      })
      facts = factsByField(reading.facts)
    } catch (failure) {
      if (failure instanceof WebsiteReadError) error = failure.message
      else {
        error = UNREADABLE
        deps.logger.error('[website] reading a site failed:', failure)
      }
    }
    await callFunction(deps.db, 'finish_website_read', {
      prospect_id: claim.prospect_id,
      website: claim.website,
      facts,
      error,
      at: now().toISOString(),
    })
  }

  /** Chains the reading behind the others of its host. */
  const schedule = (claim: ClaimedWebsiteRead) => {
    const host = hostKey(claim.website)
    inFlight += 1
    const previous = hosts.get(host) ?? Promise.resolve()
    const next = previous
      .then(() => readOne(claim))
      .catch((failure: unknown) => deps.logger.error('[website] a reading could not be recorded:', failure))
      .finally(() => {
        inFlight -= 1
        if (hosts.get(host) === next) hosts.delete(host)
        if (!stopped) wake()
        settleIdle()
      })
    hosts.set(host, next)
  }

  const pump = async () => {
    do {
      again = false
      const room = deps.settings.concurrency - inFlight
      if (room <= 0 || stopped) return
      const claims = await callFunction(deps.db, 'claim_website_reads', {
        max_rows: room,
        lease_seconds: LEASE_SECONDS,
        at: now().toISOString(),
      })
      for (const claim of claims ?? []) schedule(claim)
      if ((claims?.length ?? 0) === room) again = true
    } while (again && !stopped)
  }

  const wake = () => {
    if (stopped) return
    if (pumping) {
      again = true
      return
    }
    pumping = pump()
      .catch((failure: unknown) => deps.logger.error('[website] could not take queued readings:', failure))
      .finally(() => {
        pumping = null
        if (again && !stopped) wake()
        settleIdle()
      })
  }

  const poll = () => {
    timer = setTimeout(() => {
      wake()
      poll()
    }, IDLE_POLL_MS)
    timer.unref()
  }
  wake()
  poll()

  return {
    wake,
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve)
        settleIdle()
      }),
    stop: async () => {
      stopped = true
      if (timer) clearTimeout(timer)
      await pumping
      await Promise.allSettled([...hosts.values()])
    },
  }
}

/** The host a reading goes to, "www." aside: one web server, one request at a time. */
function hostKey(website: string): string {
  try {
    return new URL(website).hostname.replace(/^www\./, '')
  } catch {
    return website
  }
}
