import type { Prospect } from '../../../core/prospect.ts'
import { ErrorState } from '../components/error-state.tsx'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { LandingPage } from '../features/landing/landing-page.tsx'
import { ProspectPage } from '../features/prospect/prospect-page.tsx'
import { OnboardingPage } from '../features/timeline/onboarding-page.tsx'
import { OnboardingTimeline } from '../features/timeline/onboarding-timeline.tsx'
import { usePathname } from '../lib/router.ts'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { AppShell } from './app-shell.tsx'
import { matchRoute } from './match-route.ts'

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
  const route = matchRoute(usePathname())
  switch (route.page) {
    case 'landing':
      return <LandingPage headerActions={<ThemeToggle />} />
    case 'prospect':
      return (
        <ProspectPage slug={route.slug} renderPlan={renderOnboardingPlan} headerActions={<ThemeToggle />} />
      )
    case 'onboarding':
      return <OnboardingPage />
    case 'not-found':
      return <NotFoundPage />
  }
}

/** The prospect page's plan slot: the onboarding timeline, addressed to the prospect's company. */
const renderOnboardingPlan = (prospect: Prospect) => <OnboardingTimeline companyName={prospect.companyName} />

function NotFoundPage() {
  useDocumentTitle('Page not found')
  return <ErrorState message="This page does not exist." />
}
