import { useWidgetAttributes } from '../../../lib/use-widget-attributes.ts'

/**
 * The real `<voice-demo>` for the picked prospect, from the widget.mjs this page loads like any
 * partner page: what the prospect will see once the snippet is pasted. `key` gives each slug a new
 * element, so nothing of the previous prospect's panel (or call) carries over.
 */
export function SnippetPreview({ slug }: { slug: string }) {
  const widget = useWidgetAttributes()
  return (
    <section
      aria-labelledby="preview-heading"
      className="rounded-2xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <h2 id="preview-heading" className="text-lg font-bold tracking-tight">
        Live preview
      </h2>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        The panel exactly as it appears on the prospect's site.
      </p>
      {/* min-h keeps the page still while widget.mjs arrives and the panel paints. */}
      <div className="mt-4 min-h-40">
        <voice-demo key={slug} slug={slug} className="block" {...widget} />
      </div>
    </section>
  )
}
