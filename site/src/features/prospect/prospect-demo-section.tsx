import type { ProspectResponse } from '#core/prospect.ts'
import { isGeneralDemo } from '#core/prospect-page-text.ts'
import type { DemoFeatures } from '#core/public-config.ts'
import { siteConfig } from '../../config.ts'
import { toPreloadedAttributes } from '../../lib/preloaded-prospect.ts'
import { useWidgetAttributes } from '../../lib/use-widget-attributes.ts'

/** No children of React's: hydration neither checks nor replaces what the server put in the element. */
const WIDGET_OWNS_CHILDREN = { __html: '' }

const ACCENT =
  'bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-violet-400'

interface ProspectDemoSectionProps {
  answer: ProspectResponse
  /** The link's slug this page answers (the general demo answers every unknown one). */
  linkSlug: string
}

/**
 * "Ready to {product} {name}?" with the demo panel (the general demo: "Try {product} now"). The panel
 * is the widget's `<voice-demo>` element, loaded by the page's script tag exactly as on a partner's
 * page, and given the prospect's answer as JSON (`data-prospect`), so it shows the prospect without
 * asking the API again (the site reads the same attribute before hydrating a server-rendered page). Unlike a
 * partner, the site lets the phone dialog's back arrow show the prospect's page (`back-navigation`):
 * its router owns `/{slug}`.
 */
export function ProspectDemoSection({ answer, linkSlug }: ProspectDemoSectionProps) {
  const widget = useWidgetAttributes()
  const { prospect } = answer
  const general = isGeneralDemo(prospect)
  return (
    <section
      id="demo"
      aria-labelledby="prospect-demo-heading"
      className="mt-12 scroll-mt-20 rounded-3xl border border-slate-200 bg-slate-50 px-4 py-10 text-center sm:mt-16 sm:px-10 sm:py-14 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <h2 id="prospect-demo-heading" className="text-2xl font-bold tracking-tight text-balance sm:text-4xl">
        {general ? (
          <>
            Try <span className={ACCENT}>{siteConfig.productName}</span> now
          </>
        ) : (
          <>
            Ready to <span className={ACCENT}>{siteConfig.productName}</span> {prospect.name}?
          </>
        )}
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-slate-600 dark:text-slate-300">
        {general
          ? 'This is the agent we start from for every business.'
          : `We've already created and deployed a custom AI voice agent for ${prospect.companyName}.`}{' '}
        {getInvitation(answer.features)}
      </p>
      {/*
        The server draws the panel in the page (its shadow root, from the page's HTML), so its buttons
        are in the first paint; elsewhere its height is reserved while widget.mjs arrives (index.css),
        so the page stays still. What is inside the element is the widget's, never React's: a browser
        without declarative shadow DOM keeps the server's template as a child, which hydration must
        leave where it is.
      */}
      <div className="mx-auto mt-8 max-w-xl text-left">
        <voice-demo
          slug={prospect.slug}
          className="block"
          back-navigation=""
          {...widget}
          {...toPreloadedAttributes(answer)}
          data-for={linkSlug}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: empty, so that React owns no child here
          dangerouslySetInnerHTML={WIDGET_OWNS_CHILDREN}
        />
      </div>
    </section>
  )
}

/**
 * What the visitor can do with the panel, promising only what the server runs. A server without the
 * voice platform's keys (a first run, say) runs no call: the page says so in words for the prospect,
 * who can do nothing about keys; `npm start` names them to whoever started it, and the reps' pages say
 * it to the reps.
 */
export function getInvitation({
  browserCall,
  phoneCall,
}: Pick<DemoFeatures, 'browserCall' | 'phoneCall'>): string {
  if (browserCall && phoneCall) return 'Talk to it right here in your browser, or have it call your phone.'
  if (browserCall) return 'Talk to it right here in your browser.'
  if (phoneCall) return 'Have it call your phone.'
  return 'Its calls are not available right now. Please come back to this page a little later.'
}
