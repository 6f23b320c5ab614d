import type { ReactNode } from 'react'

/**
 * A table's frame that scrolls sideways when the table is wider than the screen (a phone at 390 px),
 * rather than cutting its last columns off. The cue is a shadow on the edge with more to see, drawn by
 * backgrounds alone: covers in the page's colour scroll with the table, shadows stay with the frame,
 * so a shadow shows exactly where the table goes on. It is a named region a keyboard can focus and
 * scroll with the arrow keys, as a screen reader announces it.
 */
export function ScrollRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must take the focus to scroll by keyboard
      tabIndex={0}
      className="scroll-cue overflow-x-auto rounded-2xl border border-slate-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:border-slate-800"
    >
      {children}
    </section>
  )
}
