/**
 * Work a request starts and does not wait for (an import's writing). `work` handles its own failures;
 * the promise answers once the request may be answered. The choice of where such work runs is made
 * here, once per runtime.
 */
export type RunInBackground = (work: () => Promise<void>) => Promise<void>

/** A server process outlives its requests: the work runs in it, beside them. */
export const runInProcess: RunInBackground = async (work) => {
  void work()
}

/**
 * As runInProcess, keeping hold of the work under way, so a server that stops lets it end (an import
 * is then done, rather than left to be found interrupted) before it closes the database.
 */
export function createProcessBackground(): { run: RunInBackground; settled(): Promise<void> } {
  const running = new Set<Promise<void>>()
  return {
    run: async (work) => {
      const task = work().finally(() => running.delete(task))
      running.add(task)
    },
    settled: async () => {
      await Promise.allSettled([...running])
    },
  }
}

interface EdgeRuntimeGlobal {
  EdgeRuntime?: { waitUntil?: (promise: Promise<unknown>) => void }
}

/**
 * The edge function has no process between requests. Supabase's runtime offers
 * `EdgeRuntime.waitUntil`, which keeps the instance alive until the work ends; a runtime without it
 * would stop the work with the answer, so there the work is done before answering.
 */
export function createEdgeBackground(runtime: object = globalThis): RunInBackground {
  const edge = (runtime as EdgeRuntimeGlobal).EdgeRuntime
  if (typeof edge?.waitUntil === 'function') {
    const waitUntil = edge.waitUntil.bind(edge)
    return async (work) => waitUntil(work())
  }
  return (work) => work()
}
