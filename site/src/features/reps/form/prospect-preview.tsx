import { FALLBACK_SLUG, isValidSlug, type ProspectResponse } from '#core/prospect.ts'
import { ProspectHero } from '../../../components/prospect-hero.tsx'
import { PRELOADED_ATTRIBUTE } from '../../../lib/preloaded-prospect.ts'
import { useWidgetAttributes } from '../../../lib/use-widget-attributes.ts'
import { cardClass } from '../ui/field-styles.ts'
import { useDebounced } from '../ui/use-debounced.ts'
import type { FormValues } from './form-values.ts'
import { useDemoFeatures } from './use-demo-features.ts'

/** The panel is a new element per change (it reads its answer once, when it connects): not per keystroke. */
const PANEL_DELAY_MS = 700
/** A slug for the panel while the typed one breaks the rule (the panel refuses such a slug). */
const DRAFT_SLUG = 'preview'

/**
 * The prospect's page as it will look, from the values being typed: the page's own greeting (the
 * component the page renders), and the real `<voice-demo>` panel given the typed prospect as its
 * answer (`data-prospect`, as prospect pages carry it), so a browser call in the preview speaks the
 * typed first message with the typed prompt. Call Me stays off: a phone call uses the saved prospect.
 */
export function ProspectPreview({ values }: { values: FormValues }) {
  const widget = useWidgetAttributes()
  const features = useDemoFeatures()
  const slug = values.slug.trim()
  const prospect = {
    slug: isValidSlug(slug) && slug !== FALLBACK_SLUG ? slug : DRAFT_SLUG,
    name: values.name.trim() || 'Contact name',
    companyName: values.company_name.trim() || 'Company name',
    firstMessage: values.first_message.trim(),
    system: values.system.trim(),
    assistantId: values.assistant_id.trim() || null,
  }
  const answer: ProspectResponse = { prospect, fallback: false, features: { ...features, phoneCall: false } }
  const panelJson = useDebounced(JSON.stringify(answer), PANEL_DELAY_MS)

  return (
    <section
      aria-labelledby="preview-heading"
      className={`${cardClass} space-y-4 bg-slate-50 dark:bg-slate-900/60`}
    >
      <div>
        <h2 id="preview-heading" className="text-lg font-bold tracking-tight">
          Preview
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          The prospect's page and demo panel with what is typed here, before it is saved. Test in Browser uses
          this text; Call Me works once the prospect is saved.
        </p>
      </div>
      {/* A picture of the page, not part of this one: no focus stops, links or second h1 for a reader. */}
      <div
        inert
        aria-hidden="true"
        className="overflow-hidden rounded-xl border border-slate-200 bg-white px-4 [zoom:0.6] dark:border-slate-800 dark:bg-slate-950"
      >
        <ProspectHero prospect={prospect} fallback={false} />
      </div>
      <div className="min-h-40">
        <voice-demo
          key={panelJson}
          slug={(JSON.parse(panelJson) as ProspectResponse).prospect.slug}
          className="block"
          {...widget}
          {...{ [PRELOADED_ATTRIBUTE]: panelJson }}
        />
      </div>
    </section>
  )
}
