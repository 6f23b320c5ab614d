import type { Prospect } from '#core/prospect.ts'
import { siteConfig } from '../../config.ts'
import { useWidgetAttributes } from '../../lib/use-widget-attributes.ts'

/**
 * "Ready to {product} {name}?" with the demo panel. The panel is the widget's `<voice-demo>`
 * element, loaded by index.html's script tag exactly as on a partner's page. Unlike a partner, the
 * site lets the phone dialog's back arrow show the prospect's page (`back-navigation`): its router
 * owns `/{slug}`.
 */
export function ProspectDemoSection({ prospect }: { prospect: Prospect }) {
  const widget = useWidgetAttributes()
  return (
    <section
      aria-labelledby="prospect-demo-heading"
      className="mt-12 rounded-3xl border border-slate-200 bg-slate-50 px-4 py-10 text-center sm:mt-16 sm:px-10 sm:py-14 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <h2 id="prospect-demo-heading" className="text-2xl font-bold tracking-tight text-balance sm:text-4xl">
        Ready to{' '}
        <span className="bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-violet-400">
          {siteConfig.productName}
        </span>{' '}
        {prospect.name}?
      </h2>
      <p className="mx-auto mt-4 max-w-2xl text-slate-600 dark:text-slate-300">
        We've already created and deployed a custom AI voice agent for {prospect.companyName}. Talk to it
        right here in your browser, or have it call your phone.
      </p>
      {/* min-h keeps the page still while widget.mjs arrives and the panel paints. */}
      <div className="mx-auto mt-8 min-h-40 max-w-xl text-left">
        <voice-demo slug={prospect.slug} className="block" back-navigation="" {...widget} />
      </div>
    </section>
  )
}
