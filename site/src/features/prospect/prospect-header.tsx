import type { ReactNode } from 'react'
import { iconButtonClass } from '../../components/button-styles.ts'
import { LineIcon } from '../../components/line-icon.tsx'
import { LogoMark } from '../../components/logo-mark.tsx'
import { Skeleton } from '../../components/skeleton.tsx'
import { siteConfig } from '../../config.ts'
import { navigate } from '../../lib/router.ts'

/**
 * Sticky bar of the prospect page. While loading (`tagline` null) only the greeting is a placeholder;
 * `actions` sits at the right end (the shell's theme toggle).
 */
export function ProspectHeader({ tagline, actions }: { tagline: string | null; actions?: ReactNode }) {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/70 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/80">
      <div className="mx-auto flex min-h-16 max-w-5xl items-center py-2 gap-2 px-2 sm:gap-3 sm:px-6">
        <button
          type="button"
          aria-label="Back to home"
          className={iconButtonClass}
          onClick={() => navigate('/')}
        >
          <LineIcon className="size-5">
            <path d="M19 12H5m6-6-6 6 6 6" />
          </LineIcon>
        </button>
        <LogoMark className="size-9 shrink-0" />
        <div className="min-w-0 flex-1 leading-tight">
          <p className="font-bold tracking-tight">{siteConfig.productName}</p>
          {tagline === null ? (
            <Skeleton className="mt-1 h-4 w-40" />
          ) : (
            // Wraps on phones rather than cutting the prospect's name; clamped for absurdly long ones.
            <p className="line-clamp-2 text-sm text-slate-600 dark:text-slate-400">{tagline}</p>
          )}
        </div>
        {actions}
      </div>
    </header>
  )
}
