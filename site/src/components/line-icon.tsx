import type { ReactNode } from 'react'

/**
 * The site's one icon frame: a decorative 24 × 24 outline drawing in the text colour (Lucide style).
 * Decorative only: the control or heading next to it carries the name.
 */
export function LineIcon({ className, children }: { className: string; children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  )
}
