import type { ComponentChildren } from 'preact'

/**
 * The widget's one icon frame: a decorative 24 × 24 outline drawing (Lucide style) in the text
 * colour, `size` px square. Decorative only: the button carries the name.
 */
export function LineIcon({ size, children }: { size: number; children: ComponentChildren }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  )
}
