import type { ReactNode } from 'react'
import { Link } from '../../../components/link.tsx'
import { LogoMark } from '../../../components/logo-mark.tsx'
import { SiteFooter } from '../../../components/site-footer.tsx'
import { MAIN_ID } from '../../../components/skip-link.tsx'
import { ThemeToggle } from '../../../components/theme-toggle.tsx'
import { siteConfig } from '../../../config.ts'

interface RepFrameProps {
  /** Where the logo leads: the list once signed in, else the site's home. */
  homeHref: string
  /** Before the theme toggle: who is signed in, and Sign out. */
  actions?: ReactNode
  /** Under the header's row: the signed-in pages' sections. */
  nav?: ReactNode
  /**
   * Under the sections, still in the sticky header and in its flow (it pushes the page down rather
   * than covering its heading): news about the whole page, such as a sign-out that failed.
   */
  notice?: ReactNode
  mainClassName: string
  children: ReactNode
}

/**
 * The frame of the reps' pages: components/utility-page.tsx's header, main and footer, with room for
 * the signed-in rep in the header. Its own copy, so the site's first bundle, which carries the
 * utility page for every visitor, carries nothing of the reps' pages.
 */
export function RepFrame({ homeHref, actions, nav, notice, mainClassName, children }: RepFrameProps) {
  return (
    <div className="min-h-dvh bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/80">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-3 sm:px-6">
          <Link
            href={homeHref}
            className="flex shrink-0 items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
          >
            <LogoMark className="size-8 sm:size-9" />
            <span className="text-base font-bold tracking-tight sm:text-lg">{siteConfig.productName}</span>
          </Link>
          <div className="flex min-w-0 items-center gap-2 sm:gap-3">
            {actions}
            <ThemeToggle />
          </div>
        </div>
        {nav}
        {notice}
      </header>
      <main id={MAIN_ID} className={`mx-auto max-w-6xl ${mainClassName}`}>
        {children}
      </main>
      <SiteFooter />
    </div>
  )
}
