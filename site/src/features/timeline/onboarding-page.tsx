import { UtilityPage } from '../../components/utility-page.tsx'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { OnboardingTimeline } from './onboarding-timeline.tsx'

/** Route `/_/onboarding`: the onboarding plan on its own, for sharing outside a prospect page. */
export function OnboardingPage() {
  useDocumentTitle('Onboarding plan')
  return (
    <UtilityPage width="max-w-5xl" mainClassName="px-4 pt-4 pb-16 sm:px-6">
      <OnboardingTimeline />
    </UtilityPage>
  )
}
