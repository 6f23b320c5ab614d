import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type {
  BulkJob,
  BulkJobResponse,
  BulkRequest,
  BulkResponse,
  BulkRestoreResponse,
} from '#core/rep-api.ts'
import { getRepApiUrl, getRepHeaders, readRepAnswer, requestRep } from '../api/rep-client.ts'

/**
 * `POST bulk-actions` for the actions that write: what changed and what was left alone and why, or
 * for thousands of prospects the job that is making the change.
 */
export const sendBulkAction = (request: BulkRequest) =>
  requestRep<BulkResponse | BulkJobResponse>('bulk-actions', { method: 'POST', json: request })

/** `GET bulk-actions/:id`: a large bulk action, as it stands. */
export const getBulkJob = (id: string) =>
  requestRep<BulkJobResponse>(`bulk-actions/${encodeURIComponent(id)}`)

/**
 * `POST bulk-actions/deletions/:id/restore`: a bulk delete brought back, or for thousands of
 * prospects the job that is bringing them back.
 */
export const restoreBulkDeletion = (batchId: string) =>
  requestRep<BulkRestoreResponse | BulkJobResponse>(
    `bulk-actions/deletions/${encodeURIComponent(batchId)}/restore`,
    { method: 'POST' },
  )

/** How often a page asks how a large bulk action is going. */
const JOB_POLL_MS = 1000

/**
 * Waits for a large bulk action to end, asking again every JOB_POLL_MS and showing each answer
 * (null once it ended): the finished job, or its failure thrown in its words (nothing was changed).
 */
export async function followBulkJob(started: BulkJob, show: (job: BulkJob | null) => void): Promise<BulkJob> {
  let job = started
  show(job)
  try {
    while (job.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS))
      job = (await getBulkJob(job.id)).job
      show(job)
    }
    if (job.status === 'failed') throw new Error(job.error ?? UNAVAILABLE_MESSAGE)
    return job
  } finally {
    show(null)
  }
}

/** A restore's answer, waiting for its job when it is one. */
export async function bringBackBatch(
  batchId: string,
  show: (job: BulkJob | null) => void,
): Promise<BulkRestoreResponse> {
  const answer = await restoreBulkDeletion(batchId)
  if (!('job' in answer)) return answer
  const { restored } = await followBulkJob(answer.job, show)
  if (restored === null) throw new Error(UNAVAILABLE_MESSAGE)
  return restored
}

/** `POST bulk-actions` with `export`: the mail merge's CSV file, as text. */
export async function exportBulkCsv(request: BulkRequest): Promise<string> {
  let res: Response
  try {
    res = await fetch(getRepApiUrl('bulk-actions'), {
      method: 'POST',
      credentials: 'same-origin',
      headers: getRepHeaders('POST', 'application/json'),
      body: JSON.stringify(request),
    })
  } catch (cause) {
    throw new RequestFailure('unavailable', UNAVAILABLE_MESSAGE, 0, { cause })
  }
  // A refusal is read as every answer is: the server's words, and a 401 signs the tab out.
  if (!res.ok) return readRepAnswer<never>(res)
  return res.text()
}
