import { useEffect, useRef, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { RowProblem } from '#core/errors.ts'
import type { ImportJob, ImportResult } from '#core/rep-api.ts'
import { getImportJob } from '../api/rep-endpoints.ts'
import { RepRequestFailure } from '../api/rep-failure.ts'
import { type UploadProgress, uploadImport } from '../api/upload-import.ts'
import { followJob, forgetRunningJob, readFollowedJob, unfollowJob } from './followed-job.ts'
import { pollWhileVisible } from './poll-while-visible.ts'

export type ImportState =
  | { status: 'idle' }
  | { status: 'sending'; progress: UploadProgress }
  /** The server writes it; `job` is null while the page asks about a job it comes back to. */
  | { status: 'running'; job: ImportJob | null }
  /** `jobId`: the import, whose rows' websites are then read in the background. */
  | { status: 'done'; result: ImportResult; jobId: string }
  /** The server checked the file and imported nothing: every bad row, by line. */
  | { status: 'refused'; message: string; problems: RowProblem[] }
  | { status: 'failed'; message: string }

/** How often a running import is asked about while the page is visible. */
export const POLL_INTERVAL_MS = 1000

const isOpen = (job: ImportJob) => job.status === 'queued' || job.status === 'running'

function toState(job: ImportJob): ImportState {
  if (job.status === 'done' && job.result) return { status: 'done', result: job.result, jobId: job.id }
  if (job.status === 'failed') return { status: 'failed', message: job.error ?? UNAVAILABLE_MESSAGE }
  return { status: 'running', job }
}

/** Shows the job; once it has ended, the tab need not remember it as running. */
function showJob(job: ImportJob, setState: (state: ImportState) => void): void {
  setState(toState(job))
  if (!isOpen(job)) forgetRunningJob()
}

/**
 * One import at a time: the file goes to the server whole with its upload progress (leaving the page
 * cancels an upload still under way); the server checks every row and answers with a job, which the
 * page then asks about every second while it is visible (at once when it shows again), until it is
 * done or failed. A job the page was following when it was left or reloaded is followed again.
 */
export function useImport(): [ImportState, (file: File, key: string) => void, () => void] {
  const [followed, setFollowed] = useState(() => {
    const id = readFollowedJob()
    return id ? { id, now: true } : null
  })
  const [state, setState] = useState<ImportState>(() =>
    followed ? { status: 'running', job: null } : { status: 'idle' },
  )
  const upload = useRef<AbortController | null>(null)
  useEffect(() => () => upload.current?.abort(), [])

  useEffect(() => {
    if (!followed) return
    return pollWhileVisible({
      intervalMs: POLL_INTERVAL_MS,
      now: followed.now,
      ask: (signal) =>
        getImportJob(followed.id, signal).then(
          ({ import: job }) => {
            if (signal.aborted) return true
            showJob(job, setState)
            return !isOpen(job)
          },
          (failure: unknown) => {
            if (signal.aborted) return true
            // Gone (pruned, or a mistyped address): nothing to wait for. Anything else (the network, a
            // server restarting) is asked again at the next turn.
            if (failure instanceof RequestFailure && failure.status === 404) {
              forgetRunningJob()
              setState({ status: 'failed', message: failure.message })
              return true
            }
            return false
          },
        ),
    })
  }, [followed])

  const start = (file: File, key: string) => {
    upload.current?.abort()
    setFollowed(null)
    const current = new AbortController()
    upload.current = current
    setState({ status: 'sending', progress: { phase: 'uploading', loaded: 0, total: file.size } })
    uploadImport(file, key, (progress) => setState({ status: 'sending', progress }), current.signal).then(
      (job) => {
        if (current.signal.aborted) return
        followJob(job.id, isOpen(job))
        showJob(job, setState)
        if (isOpen(job)) setFollowed({ id: job.id, now: false })
      },
      (failure: unknown) => {
        if (current.signal.aborted) return
        if (failure instanceof RepRequestFailure && failure.problems.length > 0) {
          setState({ status: 'refused', message: failure.message, problems: failure.problems })
        } else {
          setState({
            status: 'failed',
            message: failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE,
          })
        }
      },
    )
  }
  const reset = () => {
    upload.current?.abort()
    setFollowed(null)
    unfollowJob()
    setState({ status: 'idle' })
  }
  return [state, start, reset]
}
