import type { MouseEvent } from 'react'
import { focusHeading } from '../lib/focus-heading.ts'

/** The `id` of every page's `<main>`, where Skip to content leads. */
export const MAIN_ID = 'main'

/**
 * "Skip to content": the first stop for Tab on every page, out of sight until it has focus. It moves
 * focus past the header to the page's heading (else its main content) without touching the address,
 * where a set-password link keeps its token after the `#`; before the page's script runs, the plain
 * link to `#main` does the same.
 */
export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_ID) ?? document.querySelector('main')
    if (!main) return
    event.preventDefault()
    // Enter on a link is a click of detail 0: a keyboard user, who is shown where focus went.
    focusHeading(main.querySelector<HTMLElement>('h1') ?? main, event.detail === 0)
  }
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={skip}
      className="sr-only rounded-xl bg-white px-4 py-3 text-sm font-semibold text-indigo-700 shadow-lg ring-2 ring-indigo-600 focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 dark:bg-slate-900 dark:text-indigo-300 dark:ring-indigo-400"
    >
      Skip to content
    </a>
  )
}
