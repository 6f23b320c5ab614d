import { FALLBACK_SLUG } from '../../../../core/prospect.ts'
import { ErrorState } from '../../components/error-state.tsx'
import { SiteFooter } from '../../components/site-footer.tsx'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { ProspectDemoSection } from './prospect-demo-section.tsx'
import { ProspectHeader } from './prospect-header.tsx'
import { ProspectHero } from './prospect-hero.tsx'
import { ProspectPitchCard } from './prospect-pitch-card.tsx'
import { ProspectSkeleton } from './prospect-skeleton.tsx'
import { getProspectTitle, useProspect } from './use-prospect.ts'

/** Route `/{slug}`: the page personalised for one prospect (SPEC §2). */
export function ProspectPage({ slug = FALLBACK_SLUG }: { slug?: string }) {
  const state = useProspect(slug)
  useDocumentTitle(getProspectTitle(state))
  if (state.status === 'error') return <ErrorState message={state.message} />

  const loaded = state.status === 'loaded' ? state.data : null
  return (
    <>
      <ProspectHeader name={loaded?.prospect.name ?? null} />
      <main className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
        {loaded ? (
          <>
            <ProspectHero prospect={loaded.prospect} fallback={loaded.fallback && slug !== FALLBACK_SLUG} />
            <ProspectPitchCard />
            <ProspectDemoSection prospect={loaded.prospect} />
          </>
        ) : (
          <ProspectSkeleton />
        )}
      </main>
      <SiteFooter />
    </>
  )
}
