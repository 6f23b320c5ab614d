import { Link } from '../../components/link.tsx'
import { LogoMark } from '../../components/logo-mark.tsx'
import { SiteFooter } from '../../components/site-footer.tsx'
import { ThemeToggle } from '../../components/theme-toggle.tsx'
import { siteConfig } from '../../config.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { OnboardingTimeline } from './onboarding-timeline.tsx'

/** Route `/_/onboarding`: the onboarding plan on its own, for sharing outside a prospect page. */
export function OnboardingPage() {
  useDocumentTitle('Onboarding plan')
  return (
    <div className="min-h-dvh bg-white text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="sticky top-0 z-40 border-b border-slate-200/70 bg-white/80 backdrop-blur dark:border-slate-800 dark:bg-slate-950/80">
        <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-2 px-3 sm:px-6">
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
      <main className="mx-auto max-w-5xl px-4 pt-4 pb-16 sm:px-6">
        <OnboardingTimeline />
      </main>
      <SiteFooter />
    </div>
  )
}
