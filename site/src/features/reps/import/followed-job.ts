/**
 * Which import the page follows, so that a running one is not lost: its id in the address
 * (`?job=…`, for a reload and Back), and, while it runs, in this tab's session storage (for a rep who
 * leaves the page and comes back to it by its link). Once the page has shown how it ended, only the
 * address keeps it.
 */
const JOB_PARAM = 'job'
const RUNNING_KEY = 'reps:import-job'

export function readFollowedJob(): string | null {
  return new URLSearchParams(window.location.search).get(JOB_PARAM) ?? readRunning()
}

/** Puts the job in the address; `running`: also remembered until the page shows its end. */
export function followJob(id: string, running: boolean): void {
  const url = new URL(window.location.href)
  url.searchParams.set(JOB_PARAM, id)
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
  if (running) writeRunning(id)
  else forgetRunningJob()
}

export function forgetRunningJob(): void {
  try {
    sessionStorage.removeItem(RUNNING_KEY)
  } catch {
    // Storage refused (a private window's settings): only the address remembers.
  }
}

/** Another file chosen: the page follows no job any more. */
export function unfollowJob(): void {
  forgetRunningJob()
  const url = new URL(window.location.href)
  if (!url.searchParams.has(JOB_PARAM)) return
  url.searchParams.delete(JOB_PARAM)
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
}

function readRunning(): string | null {
  try {
    return sessionStorage.getItem(RUNNING_KEY)
  } catch {
    return null
  }
}

function writeRunning(id: string): void {
  try {
    sessionStorage.setItem(RUNNING_KEY, id)
  } catch {
    // As above: the address still has it.
  }
}
