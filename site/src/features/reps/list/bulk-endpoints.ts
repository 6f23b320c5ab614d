import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { BulkJobResponse, BulkRequest, BulkResponse, BulkRestoreResponse } from '#core/rep-api.ts'
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

/** `POST bulk-actions/deletions/:id/restore`: a bulk delete brought back. */
export const restoreBulkDeletion = (batchId: string) =>
  requestRep<BulkRestoreResponse>(`bulk-actions/deletions/${encodeURIComponent(batchId)}/restore`, {
    method: 'POST',
  })

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
