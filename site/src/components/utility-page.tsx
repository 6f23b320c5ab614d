import type { ReactNode } from 'react'
import { siteConfig } from '../config.ts'
import { Link } from './link.tsx'
import { LogoMark } from './logo-mark.tsx'
import { SiteFooter } from './site-footer.tsx'
import { MAIN_ID } from './skip-link.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

/**
 * The frame of the site's own pages under `/_/` (the onboarding plan, a missing page; the reps' pages
 * have their own, with the signed-in rep in the header): the logo home link and the theme toggle in
 * a sticky header, the page's `<main>`, the footer. `width` is the content's Tailwind max-width
 * class, shared by header and main so they line up.
 */
export function UtilityPage({
  width,
  mainClassName,
  children,
}: {
  width: 'max-w-5xl' | 'max-w-6xl'
  mainClassName: string
  children: ReactNode
}) {
  return (
    <div className="min-h-dvh bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/80">
        <div className={`mx-auto flex h-16 ${width} items-center justify-between gap-2 px-3 sm:px-6`}>
          <Link
            href="/"
            className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            <LogoMark className="size-8 sm:size-9" />
            <span className="text-base font-bold tracking-tight sm:text-lg">{siteConfig.productName}</span>
          </Link>
          <ThemeToggle />
        </div>
      </header>
      <main id={MAIN_ID} className={`mx-auto ${width} ${mainClassName}`}>
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}
