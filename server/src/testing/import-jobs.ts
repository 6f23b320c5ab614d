import { expect } from 'vitest'
import { IMPORT_KEY_HEADER, type ImportJob, type ImportJobResponse } from '#core/rep-api.ts'
import type { RunInBackground } from '../common/background-work.ts'
import type { RepTestApp, TestSession } from './rep-test-app.ts'

let keys = 0
/** A fresh idempotency key, as the reps' page makes one per chosen file. */
export const createImportKey = (): string => `test-import-key-${String(++keys).padStart(6, '0')}`

/** `POST imports` with the CSV, as `session`'s browser, under `key` (a fresh one by default). */
export function postImport(
  reps: RepTestApp,
  session: TestSession,
  csv: string | Uint8Array<ArrayBuffer>,
  options: { key?: string | null; contentType?: string } = {},
): Promise<Response> {
  const headers = new Headers({ 'Content-Type': options.contentType ?? 'text/csv; charset=utf-8' })
  const key = options.key === undefined ? createImportKey() : options.key
  if (key !== null) headers.set(IMPORT_KEY_HEADER, key)
  return reps.request('/imports', { method: 'POST', session, body: csv, headers })
}

export const readJob = async (res: Response): Promise<ImportJob> =>
  ((await res.json()) as ImportJobResponse).import

/**
 * `GET imports/:id` until the job is done or failed, as the reps' page polls it (each poll is a
 * request like any other, and on the embedded database it waits its turn beside the writing). No
 * deadline of its own: however long the machine takes, the test's timeout is the only one.
 */
export async function waitForJob(
  reps: RepTestApp,
  session: TestSession,
  id: string,
  options: { intervalMs?: number; onPoll?: (job: ImportJob) => void } = {},
): Promise<ImportJob> {
  for (;;) {
    const res = await reps.request(`/imports/${id}`, { session })
    expect(res.status).toBe(200)
    const job = await readJob(res)
    options.onPoll?.(job)
    if (job.status === 'done' || job.status === 'failed') return job
    await new Promise((resolve) => setTimeout(resolve, options.intervalMs ?? 20))
  }
}

/** Runs the background work in this process and keeps hold of it, so a test can wait for its end. */
export function createBackgroundRecorder(): { runInBackground: RunInBackground; settled(): Promise<void> } {
  const tasks: Promise<void>[] = []
  return {
    runInBackground: async (work) => {
      tasks.push(work())
    },
    settled: async () => {
      await Promise.all(tasks)
    },
  }
}
