import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { IMPORT_KEY_HEADER, type ImportJob, type ImportJobResponse } from '#core/rep-api.ts'
import { getRepApiUrl, getRepHeaders, readRepAnswer } from './rep-client.ts'

/** Where an upload is: its bytes on the way (`loaded` of `total`), then the server checking every row. */
export type UploadProgress = { phase: 'uploading'; loaded: number; total: number } | { phase: 'checking' }

/**
 * `POST imports` with the CSV as the body and the file's idempotency key: the server checks every row
 * and answers the import's job, which then writes in the background. Through XMLHttpRequest rather
 * than fetch, because only it reports how much of a large file has been sent; the answer is read
 * exactly as fetch's would be (the same headers, the same error reading, a 401 ends the session the
 * same way).
 */
export function uploadImport(
  csv: Blob,
  key: string,
  onProgress: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<ImportJob> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', getRepApiUrl('imports'))
    getRepHeaders('POST', 'text/csv').forEach((value, name) => {
      xhr.setRequestHeader(name, value)
    })
    xhr.setRequestHeader(IMPORT_KEY_HEADER, key)
    xhr.upload.onprogress = (event) =>
      onProgress({
        phase: 'uploading',
        loaded: event.loaded,
        total: event.lengthComputable ? event.total : csv.size,
      })
    xhr.upload.onload = () => onProgress({ phase: 'checking' })
    xhr.onload = () => {
      const empty = xhr.status === 204 || xhr.status === 205
      const res = new Response(empty ? null : xhr.responseText, {
        status: xhr.status,
        headers: { 'content-type': xhr.getResponseHeader('content-type') ?? '' },
      })
      readRepAnswer<ImportJobResponse>(res).then((answer) => resolve(answer.import), reject)
    }
    xhr.onerror = () =>
      reject(new RequestFailure('unavailable', UNAVAILABLE_MESSAGE, 0, { cause: new Error('network error') }))
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort())
    xhr.send(csv)
  })
}
