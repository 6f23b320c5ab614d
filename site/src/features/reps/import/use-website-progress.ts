import { useEffect, useRef, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { WebsiteReadProgress, WebsiteReadRow } from '#core/website-reading.ts'
import { getImportWebsites, rereadWebsite } from '../api/rep-endpoints.ts'
import { pollWhileVisible } from './poll-while-visible.ts'

/** How often the websites' reading is asked about while some are still to read: a modest pace. */
export const WEBSITE_POLL_INTERVAL_MS = 1500

/** A site the rep asked to read again: on its way, queued since `since`, refused (why), or read now. */
export type Retry =
  | { status: 'sending'; row: WebsiteReadRow }
  | { status: 'queued'; row: WebsiteReadRow; since: number }
  | { status: 'refused'; row: WebsiteReadRow; message: string }
  | { status: 'read'; row: WebsiteReadRow }

/** A site that could not be read, as the page lists it: the row, and the rep's retry of it, if any. */
export interface FailedSite {
  row: WebsiteReadRow
  retry: Retry | null
}

export interface WebsiteProgressControl {
  /** Null until the first answer, and for an import the server no longer has. */
  progress: WebsiteReadProgress | null
  failed: FailedSite[]
  retry: (row: WebsiteReadRow) => void
}

type Retries = ReadonlyMap<string, Retry>

/**
 * A retry is over once an answer shows its site read (no longer failed, nothing pending) or failed
 * anew (a failure newer than the retry, listed with its reason again); an answer from before it was
 * queued changes nothing.
 */
function settleRetries(retries: Retries, answer: WebsiteReadProgress): Retries {
  const next = new Map(retries)
  for (const [slug, retry] of retries) {
    if (retry.status !== 'queued') continue
    const failure = answer.failures.find((row) => row.slug === slug && row.status === 'failed')
    if (failure === undefined && answer.pending === 0) next.set(slug, { status: 'read', row: retry.row })
    else if (failure !== undefined && !(Date.parse(failure.updatedAt) <= retry.since)) next.delete(slug)
  }
  return next
}

/** The slugs in the order first listed, so a row keeps its place while it is read again. */
const addSlugs = (order: readonly string[], rows: WebsiteReadRow[]): readonly string[] => {
  const added = rows.map((row) => row.slug).filter((slug) => !order.includes(slug))
  return added.length === 0 ? order : [...order, ...added]
}

/**
 * `GET imports/:id/websites`, asked at once, then every 1.5 s while sites are still to read (or one
 * the rep asked to read again is not done), only while the page is visible; never after it is left.
 * "Try again" (`POST prospects/:slug/website-read`) queues a site again and follows it too.
 */
export function useWebsiteProgress(importId: string): WebsiteProgressControl {
  const [progress, setProgress] = useState<WebsiteReadProgress | null>(null)
  const [retries, setRetries] = useState<Retries>(new Map())
  const retriesRef = useRef<Retries>(retries)
  const [order, setOrder] = useState<readonly string[]>([])
  const [round, setRound] = useState(0)
  const updateRetries = (change: (earlier: Retries) => Retries) => {
    retriesRef.current = change(retriesRef.current)
    setRetries(retriesRef.current)
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` restarts the following after a retry
  useEffect(() => {
    return pollWhileVisible({
      intervalMs: WEBSITE_POLL_INTERVAL_MS,
      now: true,
      ask: (signal) =>
        getImportWebsites(importId, signal).then(
          (answer) => {
            if (signal.aborted) return true
            setProgress(answer)
            setOrder((earlier) => addSlugs(earlier, answer.failures))
            updateRetries((earlier) => settleRetries(earlier, answer))
            const following = [...retriesRef.current.values()].some((retry) => retry.status === 'queued')
            return answer.pending === 0 && !following
          },
          (failure: unknown) => {
            if (signal.aborted) return true
            // Gone (pruned): nothing to show. Anything else is asked again at the next turn.
            if (failure instanceof RequestFailure && failure.status === 404) {
              setProgress(null)
              return true
            }
            return false
          },
        ),
    })
  }, [importId, round])

  const retry = (row: WebsiteReadRow) => {
    updateRetries((earlier) => new Map(earlier).set(row.slug, { status: 'sending', row }))
    rereadWebsite(row.slug).then(
      ({ row: queued }) => {
        updateRetries((earlier) =>
          new Map(earlier).set(row.slug, { status: 'queued', row, since: Date.parse(queued.updatedAt) }),
        )
        setRound((count) => count + 1)
      },
      (failure: unknown) => {
        const message = failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE
        updateRetries((earlier) => new Map(earlier).set(row.slug, { status: 'refused', row, message }))
      },
    )
  }

  const failures = progress?.failures ?? []
  const listed = new Set(failures.map((row) => row.slug))
  const place = (site: FailedSite) => {
    const index = order.indexOf(site.row.slug)
    return index === -1 ? order.length : index
  }
  const failed: FailedSite[] = [
    ...failures.map((row) => ({ row, retry: retries.get(row.slug) ?? null })),
    // A site read again drops out of the server's failures while it is read: it stays listed here.
    ...[...retries.values()]
      .filter((retry) => !listed.has(retry.row.slug))
      .map((retry) => ({ row: retry.row, retry })),
  ].sort((a, b) => place(a) - place(b))
  return { progress, failed, retry }
}
