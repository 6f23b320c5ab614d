import { lazy, Suspense } from 'react'
import type { Prospect } from '#core/prospect.ts'
import { ErrorState } from '../components/error-state.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { UtilityPage } from '../components/utility-page.tsx'
import { LandingPage } from '../features/landing/landing-page.tsx'
import { ProspectPage } from '../features/prospect/prospect-page.tsx'
import { OnboardingPage } from '../features/timeline/onboarding-page.tsx'
import { OnboardingTimeline } from '../features/timeline/onboarding-timeline.tsx'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { AppShell } from './app-shell.tsx'
import { useRoute } from './use-route.ts'

/**
 * The sales reps' pages are their own chunk, fetched only under `/_/`: visitors of the landing and
 * prospect pages never download them.
 */
const RepsApp = lazy(() =>
  import('../features/reps/reps-app.tsx').then((module) => ({ default: module.RepsApp })),
)

/** The whole site: the shell of every screen around the page for the current path. */
export function App() {
  return (
    <AppShell>
      <CurrentPage />
    </AppShell>
  )
}

/** The privacy and terms pages: their own chunk, fetched only there (or from the footer's links). */
const PrivacyPage = lazy(() =>
  import('../features/legal/privacy-page.tsx').then((module) => ({ default: module.PrivacyPage })),
)
const TermsPage = lazy(() =>
  import('../features/legal/terms-page.tsx').then((module) => ({ default: module.TermsPage })),
)

/** Picks the page for the current path. Features never import each other. */
function CurrentPage() {
  const route = useRoute()
  switch (route.page) {
    case 'landing':
      return <LandingPage headerActions={<ThemeToggle />} />
    case 'prospect':
      return (
        <ProspectPage slug={route.slug} renderPlan={renderOnboardingPlan} headerActions={<ThemeToggle />} />
      )
    case 'onboarding':
      return <OnboardingPage />
    case 'reps':
      return (
        <Suspense fallback={<PageLoading />}>
          <RepsApp />
        </Suspense>
      )
    case 'privacy':
      return (
        <Suspense fallback={<PageLoading />}>
          <PrivacyPage />
        </Suspense>
      )
    case 'terms':
      return (
        <Suspense fallback={<PageLoading />}>
          <TermsPage />
        </Suspense>
      )
    case 'not-found':
      return <NotFoundPage />
  }
}

/** The prospect page's plan slot: the onboarding timeline, addressed to the prospect's company. */
const renderOnboardingPlan = (prospect: Prospect) => <OnboardingTimeline companyName={prospect.companyName} />

/** While a lazy page's chunk arrives: announced, and as quiet as a blank page otherwise. */
function PageLoading() {
  return (
    <p role="status" className="sr-only">
      Loading…
    </p>
  )
}

/** A path that is no page (one segment is a prospect link, so this is a deeper path or a 404 page). */
function NotFoundPage() {
  useDocumentTitle('Page not found')
  return (
    <UtilityPage width="max-w-5xl" mainClassName="">
      <ErrorState message="This page does not exist." />
    </UtilityPage>
  )
}
