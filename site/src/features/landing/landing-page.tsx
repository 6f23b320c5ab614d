import type { ReactNode } from 'react'
import { HydrateApart } from '../../components/hydrate-apart.tsx'
import { SiteFooter } from '../../components/site-footer.tsx'
import { MAIN_ID } from '../../components/skip-link.tsx'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { ContactSection } from './contact-section.tsx'
import { DemoSection } from './demo-section.tsx'
import { FeaturesSection } from './features-section.tsx'
import { LandingHeader } from './landing-header.tsx'
import { LandingHero } from './landing-hero.tsx'
import { TestimonialsSection } from './testimonials-section.tsx'

/** Route `/`. `headerActions` lands at the header's right end (the shell puts the theme toggle there). */
export function LandingPage({ headerActions }: { headerActions?: ReactNode }) {
  useDocumentTitle('')
  return (
    <>
      <LandingHeader actions={headerActions} />
      <main id={MAIN_ID}>
        <LandingHero />
        <HydrateApart>
          <FeaturesSection />
        </HydrateApart>
        <HydrateApart>
          <DemoSection />
        </HydrateApart>
        <HydrateApart>
          <TestimonialsSection />
        </HydrateApart>
        <HydrateApart>
          <ContactSection />
        </HydrateApart>
      </main>
      <HydrateApart>
        <SiteFooter afterFirstPaint />
      </HydrateApart>
    </>
  )
}
