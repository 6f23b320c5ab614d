import type { ReactNode } from 'react'
import { FALLBACK_SLUG, isValidSlug, type Prospect } from '#core/prospect.ts'
import { prospectPageText } from '#core/prospect-page-text.ts'
import { ErrorState } from '../../components/error-state.tsx'
import { HydrateApart } from '../../components/hydrate-apart.tsx'
import { ProspectHero } from '../../components/prospect-hero.tsx'
import { SiteFooter } from '../../components/site-footer.tsx'
import { MAIN_ID } from '../../components/skip-link.tsx'
import { siteConfig } from '../../config.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { ProspectBookingSection } from './prospect-booking.tsx'
import { ProspectDemoSection } from './prospect-demo-section.tsx'
import { ProspectHeader } from './prospect-header.tsx'
import { ProspectPitchCard } from './prospect-pitch-card.tsx'
import { ProspectSkeleton } from './prospect-skeleton.tsx'
import { useProspect } from './use-prospect.ts'

interface ProspectPageProps {
  slug?: string
  /** A slot below the demo, filled by app/ (the onboarding plan), since features never import each other. */
  renderPlan?: (prospect: Prospect) => ReactNode
  /** Placed at the header's right end by app/ (the theme toggle). */
  headerActions?: ReactNode
}

/** Route `/{slug}`: the page personalised for one prospect. */
export function ProspectPage({ slug = FALLBACK_SLUG, renderPlan, headerActions }: ProspectPageProps) {
  // A link that breaks the slug rule (a typo, a mangled paste) cannot be anyone's page: it gets the
  // general demo, with the same gentle note as an unknown link, never the rule itself.
  const asked = isValidSlug(slug) ? slug : FALLBACK_SLUG
  const state = useProspect(asked)
  const loaded = state.status === 'loaded' ? state.data : null
  const text = loaded && prospectPageText(loaded.prospect, siteConfig.productName)
  useDocumentTitle(state.status === 'error' ? 'Error' : (text?.title ?? 'Loading…'))
  if (state.status === 'error') {
    return (
      <>
        <ProspectHeader tagline="" actions={headerActions} />
        <main id={MAIN_ID}>
          <ErrorState message={state.message} />
        </main>
        <SiteFooter />
      </>
    )
  }

  return (
    <>
      <ProspectHeader tagline={text?.tagline ?? null} actions={headerActions} />
      <main id={MAIN_ID} className="mx-auto max-w-5xl px-4 pb-16 sm:px-6">
        {loaded ? (
          <>
            <ProspectHero
              prospect={loaded.prospect}
              fallback={slug !== FALLBACK_SLUG && (loaded.fallback || asked !== slug)}
            />
            <HydrateApart>
              <ProspectPitchCard />
            </HydrateApart>
            <HydrateApart>
              <ProspectDemoSection answer={loaded} linkSlug={asked} />
            </HydrateApart>
            {loaded.prospect.booking && (
              <HydrateApart>
                <ProspectBookingSection prospect={loaded.prospect} booking={loaded.prospect.booking} />
              </HydrateApart>
            )}
            <HydrateApart>{renderPlan?.(loaded.prospect)}</HydrateApart>
          </>
        ) : (
          <ProspectSkeleton />
        )}
      </main>
      <HydrateApart>
        <SiteFooter />
      </HydrateApart>
    </>
  )
}
