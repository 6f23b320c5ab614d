import { useEffect, useRef, useState } from 'react'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { type CopyOutcome, copyText } from './copy-text.ts'

/** How long the feedback stays: long enough to read, short enough that a second copy reads as new. */
const FEEDBACK_MS = 2000

const FEEDBACK: Record<CopyOutcome, string> = {
  copied: 'Copied',
  selected: 'Selected: press Ctrl+C (⌘C on a Mac) to copy',
}

/**
 * Text to paste somewhere else, shown as code, with a one-click Copy button ("Copy {label}"). The
 * outcome is announced (aria-live) and cleared after two seconds. Long lines wrap anywhere, so the
 * box never scrolls sideways on a phone (and needs no keyboard stop to scroll).
 */
export function CopyBlock({ label, text }: { label: string; text: string }) {
  const codeRef = useRef<HTMLElement>(null)
  // An object, so a second copy while "Copied" shows restarts the two seconds.
  const [outcome, setOutcome] = useState<{ value: CopyOutcome } | null>(null)

  useEffect(() => {
    if (!outcome) return
    const timer = setTimeout(() => setOutcome(null), FEEDBACK_MS)
    return () => clearTimeout(timer)
  }, [outcome])

  const copy = async () => setOutcome({ value: await copyText(text, codeRef.current) })

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
        <h3 className="text-sm font-semibold text-slate-900 dark:text-white">{label}</h3>
        <div className="flex flex-wrap items-center justify-end gap-3">
          <span role="status" aria-live="polite" className="text-sm text-emerald-700 dark:text-emerald-400">
            {outcome ? FEEDBACK[outcome.value] : ''}
          </span>
          <button type="button" className={`${secondaryButtonClass} py-2`} onClick={copy}>
            Copy {label.toLowerCase()}
          </button>
        </div>
      </div>
      <pre className="mt-2 rounded-xl border border-slate-200 bg-slate-50 p-3 font-mono text-sm leading-relaxed whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere] dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200">
        <code ref={codeRef}>{text}</code>
      </pre>
    </div>
  )
}
