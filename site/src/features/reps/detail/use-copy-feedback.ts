import { useEffect, useState } from 'react'
import type { CopyOutcome } from './copy-text.ts'

/** How long the feedback stays: long enough to read, short enough that a second copy reads as new. */
const FEEDBACK_MS = 2000

export const COPY_FEEDBACK: Record<CopyOutcome, string> = {
  copied: 'Copied',
  selected: 'Selected: press Ctrl+C (⌘C on a Mac) to copy',
}

/**
 * What a copy button's status line says: "Copied", or how to copy what the page selected when the
 * browser refused the clipboard, cleared after two seconds. `show` with a new outcome restarts them.
 */
export function useCopyFeedback(): [string, (outcome: CopyOutcome) => void] {
  // An object, so a second copy while "Copied" shows restarts the two seconds.
  const [outcome, setOutcome] = useState<{ value: CopyOutcome } | null>(null)
  useEffect(() => {
    if (!outcome) return
    const timer = setTimeout(() => setOutcome(null), FEEDBACK_MS)
    return () => clearTimeout(timer)
  }, [outcome])
  return [outcome ? COPY_FEEDBACK[outcome.value] : '', (value) => setOutcome({ value })]
}
