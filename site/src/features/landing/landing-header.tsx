import type { ReactNode } from 'react'
import { Link } from '../../components/link.tsx'
import { LogoMark } from '../../components/logo-mark.tsx'
import { siteConfig } from '../../config.ts'
import { PillNav } from './pill-nav.tsx'

/** Sticky top bar of the landing page. `actions` sits at the right end (the shell's theme toggle). */
export function LandingHeader({ actions }: { actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/70 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-1.5 px-2.5 sm:gap-4 sm:px-6">
        <Link
          href="/"
          className="flex shrink-0 items-center gap-1.5 rounded-lg sm:gap-2 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
        >
          <LogoMark className="size-7 sm:size-9" />
          <span className="text-[15px] font-bold tracking-tight text-slate-900 sm:text-lg dark:text-white">
            {siteConfig.productName}
          </span>
        </Link>
        <div className="flex min-w-0 items-center gap-1.5 sm:gap-3">
          <PillNav />
          {actions}
        </div>
      </div>
    </header>
  )
}
