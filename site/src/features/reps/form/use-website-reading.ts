import { useEffect, useRef, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { WebsiteReading } from '#core/website-reading.ts'
import { readWebsite } from '../api/rep-endpoints.ts'
import { describeFilled, describeSite } from './website-words.ts'

export type WebsiteReadingState =
  | { status: 'idle' }
  | { status: 'reading'; website: string }
  /** `website`: the address that could not be read; the message is for under that address only. */
  | { status: 'failed'; website: string; message: string }
  | { status: 'done'; reading: WebsiteReading }

export interface WebsiteReadingControl {
  state: WebsiteReadingState
  /** The status line's words: "Reading bright-smile.example…", "Filled 6 details from the website." */
  news: string
  start: (website: string) => void
  cancel: () => void
  /** The proposals are closed, `filled` of them used (0: dismissed). */
  close: (filled: number) => void
}

/**
 * "Fill from website": reads the site (`POST website-readings`, up to ten seconds) and holds what it
 * proposes until the rep uses or dismisses it. One reading at a time: a new one, Cancel and leaving
 * the page abort the one under way, whose answer is then dropped.
 */
export function useWebsiteReading(): WebsiteReadingControl {
  const [state, setState] = useState<WebsiteReadingState>({ status: 'idle' })
  const [news, setNews] = useState('')
  const current = useRef<AbortController | null>(null)
  useEffect(() => () => current.current?.abort(), [])

  const start = (website: string) => {
    current.current?.abort()
    const controller = new AbortController()
    current.current = controller
    const site = describeSite(website)
    setState({ status: 'reading', website })
    setNews(`Reading ${site}… This can take up to 10 seconds.`)
    readWebsite(website.trim(), controller.signal).then(
      (reading) => {
        if (controller.signal.aborted) return
        setState({ status: 'done', reading })
        const count = reading.facts.length
        setNews(
          count === 0
            ? `Nothing to fill in from ${site}.`
            : `Found ${count} ${count === 1 ? 'detail' : 'details'} on ${site}.`,
        )
      },
      (failure: unknown) => {
        if (controller.signal.aborted) return
        const message = failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE
        setState({ status: 'failed', website, message })
        // The alert says it: the status line says no more.
        setNews('')
      },
    )
  }

  const cancel = () => {
    current.current?.abort()
    current.current = null
    setState({ status: 'idle' })
    setNews('Stopped reading the website. Nothing was changed.')
  }

  const close = (filled: number) => {
    setState({ status: 'idle' })
    setNews(filled > 0 ? describeFilled(filled) : '')
  }

  return { state, news, start, cancel, close }
}
