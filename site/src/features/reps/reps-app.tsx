import { useEffect } from 'react'
import { usePathname } from '../../lib/router.ts'
import { ActivityPage } from './activity/activity-page.tsx'
import { DeletedListPage } from './deleted/deleted-list-page.tsx'
import { DeletedProspectPage } from './deleted/deleted-prospect-page.tsx'
import { ProspectDetailPage } from './detail/prospect-detail-page.tsx'
import { ProspectFormPage } from './form/prospect-form-page.tsx'
import { ImportPage } from './import/import-page.tsx'
import { ProspectListPage } from './list/prospect-list-page.tsx'
import { ProfilePage } from './profile/profile-page.tsx'
import { goTo } from './rep-navigate.ts'
import { matchRepRoute } from './rep-route.ts'
import { SignedInPage } from './session/signed-in-page.tsx'
import { SetPasswordPage } from './sign-in/set-password-page.tsx'
import { SetupPage } from './sign-in/setup-page.tsx'
import { SignInPage } from './sign-in/sign-in-page.tsx'
import { TeamPage } from './team/team-page.tsx'
import { useFocusHeading } from './ui/use-focus-heading.ts'
import { WebhooksPage } from './webhooks/webhooks-page.tsx'

/**
 * The sales reps' pages under `/_/`, one lazily loaded chunk: visitors of the landing and prospect
 * pages never download any of it. Every page but sign-in, setting a password and the first admin's
 * setup needs a session.
 */
export function RepsApp() {
  const pathname = usePathname()
  const route = matchRepRoute(pathname, window.location.search)
  useFocusHeading(pathname)

  const redirect = route.page === 'redirect' ? route.to : null
  useEffect(() => {
    if (redirect !== null) goTo(redirect, { replace: true })
  }, [redirect])

  switch (route.page) {
    case 'sign-in':
      return <SignInPage />
    case 'set-password':
      return <SetPasswordPage />
    case 'setup':
      return <SetupPage />
    case 'list':
      return <ProspectListPage />
    case 'activity':
      return <ActivityPage />
    case 'new':
      return <ProspectFormPage key="new" slug={null} />
    case 'edit':
      return <ProspectFormPage key={`edit ${route.slug}`} slug={route.slug} />
    case 'detail':
      return <ProspectDetailPage key={route.slug} slug={route.slug} />
    case 'import':
      return <ImportPage />
    case 'deleted':
      return <DeletedListPage />
    case 'deleted-prospect':
      return <DeletedProspectPage key={route.id} id={route.id} />
    case 'team':
      return <TeamPage />
    case 'webhooks':
      return <WebhooksPage />
    case 'profile':
      return <ProfilePage />
    case 'redirect':
      return null
    case 'not-found':
      return (
        <SignedInPage title="Page not found">
          <p>This page does not exist.</p>
        </SignedInPage>
      )
  }
}
