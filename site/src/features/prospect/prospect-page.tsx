import type { ReactNode } from 'react'
import { FALLBACK_SLUG, type Prospect } from '#core/prospect.ts'
import { ErrorState } from '../../components/error-state.tsx'
import { SiteFooter } from '../../components/site-footer.tsx'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { ProspectDemoSection } from './prospect-demo-section.tsx'
import { ProspectHeader } from './prospect-header.tsx'
import { ProspectHero } from './prospect-hero.tsx'
import { ProspectPitchCard } from './prospect-pitch-card.tsx'
import { ProspectSkeleton } from './prospect-skeleton.tsx'
import { getProspectTitle, useProspect } from './use-prospect.ts'

interface ProspectPageProps {
  slug?: string
  /** A slot below the demo, filled by app/ (the onboarding plan), since features never import each other. */
  renderPlan?: (prospect: Prospect) => ReactNode
  /** Placed at the header's right end by app/ (the theme toggle). */
  headerActions?: ReactNode
}

/** Route `/{slug}`: the page personalised for one prospect. */
export function ProspectPage({ slug = FALLBACK_SLUG, renderPlan, headerActions }: ProspectPageProps) {
  const state = useProspect(slug)
  useDocumentTitle(getProspectTitle(state))
  if (state.status === 'error') return <ErrorState message={state.message} />

  const loaded = state.status === 'loaded' ? state.data : null
  return (
    <>
      <ProspectHeader name={loaded?.prospect.name ?? null} actions={headerActions} />
      <main className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
        {loaded ? (
          <>
            <ProspectHero prospect={loaded.prospect} fallback={loaded.fallback && slug !== FALLBACK_SLUG} />
            <ProspectPitchCard />
            <ProspectDemoSection prospect={loaded.prospect} />
            {renderPlan?.(loaded.prospect)}
          </>
        ) : (
          <ProspectSkeleton />
        )}
      </main>
      <SiteFooter />
    </>
  )
}
