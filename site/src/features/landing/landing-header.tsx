import { Link } from '../../components/link.tsx'
import { LogoMark } from '../../components/logo-mark.tsx'
import { siteConfig } from '../../config.ts'

/** Sticky top bar of the landing page. The pill navigation arrives with the landing sections. */
export function LandingHeader() {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/70 bg-white/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <Link
          href="/"
          className="flex items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-600"
        >
          <LogoMark />
          <span className="text-lg font-bold tracking-tight">{siteConfig.productName}</span>
        </Link>
      </div>
    </header>
  )
}
