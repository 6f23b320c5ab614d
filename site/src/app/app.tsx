import { lazy, Suspense } from 'react'
import { type Prospect, SLUG_RULE_MESSAGE } from '#core/prospect.ts'
import { ErrorState } from '../components/error-state.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { LandingPage } from '../features/landing/landing-page.tsx'
import { ProspectPage } from '../features/prospect/prospect-page.tsx'
import { OnboardingPage } from '../features/timeline/onboarding-page.tsx'
import { OnboardingTimeline } from '../features/timeline/onboarding-timeline.tsx'
import { usePathname } from '../lib/router.ts'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { AppShell } from './app-shell.tsx'
import { useRoute } from './use-route.ts'

/**
 * The sales reps' page is its own chunk, fetched only at `/_/snippets`: visitors of the landing and
 * prospect pages never download it.
 */
const SnippetsPage = lazy(() =>
  import('../features/snippets/snippets-page.tsx').then((module) => ({ default: module.SnippetsPage })),
)

/** The whole site: the shell of every screen around the page for the current path. */
export function App() {
  return (
    <AppShell>
      <CurrentPage />
    </AppShell>
  )
}

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
    case 'snippets':
      return (
        <Suspense fallback={<PageLoading />}>
          <SnippetsPage />
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

/** One path segment is most likely a mistyped prospect link, so the page says what links look like. */
function NotFoundPage() {
  useDocumentTitle('Page not found')
  const oneSegment = /^\/[^/]+\/?$/.test(usePathname())
  return (
    <ErrorState
      message={oneSegment ? `This page does not exist. ${SLUG_RULE_MESSAGE}` : 'This page does not exist.'}
    />
  )
}
