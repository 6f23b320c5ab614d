import { ErrorState } from '../components/error-state.tsx'
import { LandingPage } from '../features/landing/landing-page.tsx'
import { ProspectPage } from '../features/prospect/prospect-page.tsx'
import { usePathname } from '../lib/router.ts'
import { useDocumentTitle } from '../lib/use-document-title.ts'
import { matchRoute } from './match-route.ts'

/** The whole site: picks the page for the current path. Features never import each other. */
export function App() {
  const route = matchRoute(usePathname())
  switch (route.page) {
    case 'landing':
      return <LandingPage />
    case 'prospect':
      return <ProspectPage slug={route.slug} />
    case 'not-found':
      return <NotFoundPage />
  }
}

function NotFoundPage() {
  useDocumentTitle('Page not found')
  return <ErrorState message="This page does not exist." />
}
