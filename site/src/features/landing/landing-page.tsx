import { SiteFooter } from '../../components/site-footer.tsx'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { LandingHeader } from './landing-header.tsx'
import { LandingHero } from './landing-hero.tsx'

/** Route `/`. This issue ships the header and hero; the sections below them come next. */
export function LandingPage() {
  useDocumentTitle('')
  return (
    <>
      <LandingHeader />
      <main>
        <LandingHero />
        {/* Next: features (#features), demo (#demo), testimonials (#testimonials), contact (#contact). */}
      </main>
      <SiteFooter />
    </>
  )
}
