import { type ReactNode, Suspense } from 'react'

/**
 * A part of a server-rendered page that hydrates in a task of its own. React hydrates the page
 * outside every Suspense boundary in one task, then each boundary separately, yielding to the browser
 * between them; so a page cut into parts never blocks a slow phone's main thread for the whole page
 * at once (total blocking time). Nothing inside suspends: the boundary only cuts the work.
 */
export function HydrateApart({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>
}
