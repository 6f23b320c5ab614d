import { Link } from '../../components/link.tsx'
import { siteConfig } from '../../config.ts'
import { LegalPage } from './legal-page.tsx'
import { LEGAL_PAGES } from './legal-pages.ts'

/** Route `/terms`: the few rules of using the demo. */
export function TermsPage() {
  const product = siteConfig.productName
  return (
    <LegalPage title={LEGAL_PAGES.terms.title} updated="November 2026">
      <p>
        These pages and the demos on them show what a {product} voice agent can do for a business. Using them
        is free; by using them you agree to the following.
      </p>
      <h2>A demo, not a service</h2>
      <p>
        The agent you talk to is a demonstration. What it says about prices, bookings or availability is not
        an offer, and nothing is booked or bought by talking to it. A meeting you book through the scheduler
        is real.
      </p>
      <h2>Fair use</h2>
      <ul>
        <li>Ask for a phone call only to a number that is yours, or with its owner's consent.</li>
        <li>Calls are limited per address, per number and per day; a limit says when you can try again.</li>
        <li>Do not use the demos to harass anyone, to test at scale, or to get around the limits.</li>
      </ul>
      <h2>Availability</h2>
      <p>
        The demos depend on outside platforms and may be unavailable at times; a page says so when a part of
        the demo is off. We may change or end the demos at any time.
      </p>
      <h2>Your data</h2>
      <p>
        What we keep and for how long is on the{' '}
        <Link href="/privacy" className="font-medium text-indigo-700 underline dark:text-indigo-300">
          privacy page
        </Link>
        .
      </p>
    </LegalPage>
  )
}
