/** Commits a group of items in one transaction and answers one result per item, in order. */
export type CommitGroup<I, O> = (items: readonly I[]) => Promise<readonly O[]>

export interface GroupCommitOptions<I, O> {
  commit: CommitGroup<I, O>
  /** Items in one commit at most. */
  maxItems: number
  /** Commits running at once; the rest wait and go together when one ends. */
  concurrency: number
}

interface Waiting<I, O> {
  item: I
  resolve: (result: O) => void
  reject: (error: unknown) => void
}

const nextTurn: (run: () => void) => void =
  typeof setImmediate === 'function' ? (run) => setImmediate(run) : (run) => setTimeout(run, 0)

/**
 * Group commit: items submitted together share one commit. A submitted item waits until the requests
 * already arrived have been read (the event loop's next turn) or its group is full; while every
 * commit slot is busy, items pile up and all go in the next commit. So a database that commits one
 * transaction at a time (the embedded one) pays one commit per group, not per request, and a lone
 * request waits for nothing. Each promise settles only after its own group's commit ended: resolved
 * with its result once committed, rejected (with the commit's error) when the commit failed, which
 * then stored nothing of that group.
 */
export function createGroupCommit<I, O>(options: GroupCommitOptions<I, O>): (item: I) => Promise<O> {
  const { commit, maxItems, concurrency } = options
  const queue: Waiting<I, O>[] = []
  let running = 0
  let scheduled = false

  const run = (group: Waiting<I, O>[]) => {
    running++
    Promise.resolve()
      .then(() => commit(group.map((waiting) => waiting.item)))
      .then((results) => {
        if (results.length !== group.length) {
          throw new Error(`a group of ${group.length} was answered with ${results.length} results`)
        }
        for (const [i, waiting] of group.entries()) waiting.resolve(results[i] as O)
      })
      .catch((error: unknown) => {
        for (const waiting of group) waiting.reject(error)
      })
      .finally(() => {
        running--
        flush()
      })
  }

  const flush = () => {
    while (running < concurrency && queue.length > 0) run(queue.splice(0, maxItems))
  }

  const schedule = () => {
    if (scheduled) return
    scheduled = true
    nextTurn(() => {
      scheduled = false
      flush()
    })
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject })
      if (queue.length >= maxItems) flush()
      else schedule()
    })
}
