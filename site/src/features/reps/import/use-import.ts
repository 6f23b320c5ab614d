import { useEffect, useRef, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { RowProblem } from '#core/errors.ts'
import type { ImportResponse } from '#core/rep-api.ts'
import { RepRequestFailure } from '../api/rep-failure.ts'
import { type ImportProgress, uploadImport } from '../api/upload-import.ts'

export type ImportState =
  | { status: 'idle' }
  | { status: 'sending'; progress: ImportProgress }
  | { status: 'done'; result: ImportResponse }
  /** The server checked the file and imported nothing: every bad row, by line. */
  | { status: 'refused'; message: string; problems: RowProblem[] }
  | { status: 'failed'; message: string }

/**
 * One import at a time: the file goes to the server whole (all or nothing, like the command line),
 * with its progress; leaving the page cancels an upload still under way.
 */
export function useImport(): [ImportState, (file: File) => void, () => void] {
  const [state, setState] = useState<ImportState>({ status: 'idle' })
  const controller = useRef<AbortController | null>(null)
  useEffect(() => () => controller.current?.abort(), [])

  const start = (file: File) => {
    controller.current?.abort()
    const current = new AbortController()
    controller.current = current
    setState({ status: 'sending', progress: { phase: 'uploading', loaded: 0, total: file.size } })
    uploadImport(file, (progress) => setState({ status: 'sending', progress }), current.signal).then(
      (result) => setState({ status: 'done', result }),
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
    controller.current?.abort()
    setState({ status: 'idle' })
  }
  return [state, start, reset]
}
