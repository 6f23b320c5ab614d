import { renderProspectAgent, toAgentValues } from '#core/agent.ts'
import { FALLBACK_SLUG, isValidSlug, type Prospect, type ProspectResponse } from '#core/prospect.ts'
import { normalizeProspectFields } from '#core/prospect-fields.ts'
import { describeUnavailable, describeUnavailableForReps } from '#core/public-config.ts'
import type { ProspectFields } from '#core/rep-api.ts'
import { ProspectHero } from '../../../components/prospect-hero.tsx'
import { PRELOADED_ATTRIBUTE } from '../../../lib/preloaded-prospect.ts'
import { useWidgetAttributes } from '../../../lib/use-widget-attributes.ts'
import { AgentWords } from '../agent/agent-words.tsx'
import type { AgentTemplatesState } from '../agent/use-agent-templates.ts'
import { LOGO_ID } from '../ui/business-logo.tsx'
import { isBrandColour } from '../ui/colour-swatch.tsx'
import { cardClass, hintClass } from '../ui/field-styles.ts'
import { useDebounced } from '../ui/use-debounced.ts'
import { type FormValues, isSameProspect } from './form-values.ts'
import { useDemoFeatures } from './use-demo-features.ts'

/** The panel is a new element per change (it reads its answer once, when it connects): not per keystroke. */
const PANEL_DELAY_MS = 700
/** A slug for the panel while the typed one breaks the rule (the panel refuses such a slug). */
const DRAFT_SLUG = 'preview'
/** The panel's status line while Call Me waits for the changes to be saved. */
const SAVE_FOR_CALL_ME = 'Save your changes to try Call Me.'

interface ProspectPreviewProps {
  values: FormValues
  templates: AgentTemplatesState
  /** The prospect as saved, when editing one; null for a new one. */
  saved: ProspectFields | null
}

/**
 * The prospect's page and agent as they will be, from the values being typed: the page's own greeting
 * (the component the page renders), the agent's words rendered with the same core functions the server
 * renders them with, and the real `<voice-demo>` panel given that prospect as its answer
 * (`data-prospect`, as prospect pages carry it), so Test in Browser speaks exactly the agent shown.
 * Call Me phones with the saved prospect's agent (the server looks it up by slug), so it is offered
 * only while the form holds exactly what is saved.
 */
export function ProspectPreview({ values, templates, saved }: ProspectPreviewProps) {
  const widget = useWidgetAttributes()
  const features = useDemoFeatures()
  const fields = withStandIns(normalizeProspectFields(values))
  const agent = templates.status === 'done' ? renderProspectAgent(templates.templates.set, fields) : null
  const unchanged = saved !== null && isSameProspect(values, saved)
  const slug = fields.slug
  const prospect: Prospect = {
    slug: isValidSlug(slug) && slug !== FALLBACK_SLUG ? slug : DRAFT_SLUG,
    name: fields.name,
    companyName: fields.company_name,
    firstMessage: agent?.firstMessage ?? '',
    system: agent?.system ?? '',
    variables: toAgentValues(fields),
    assistantId: fields.assistant_id,
    // The business's face as its page will show it (the rule's checks aside: a half-typed colour is none).
    ...toBrand(fields),
  }
  const demos = { ...features, phoneCall: features.phoneCall && unchanged }
  const answer: ProspectResponse = {
    prospect,
    fallback: false,
    features: demos,
    // Call Me waits for the save (it phones with the saved agent), which the server's words would not say.
    unavailableReason: features.phoneCall && !unchanged ? SAVE_FOR_CALL_ME : describeUnavailable(demos),
    // A draft is no prospect's page: nothing it could report would count.
  }
  // Nothing to speak until the agent is rendered: no panel rather than one with an empty agent.
  const panelJson = useDebounced(agent ? JSON.stringify(answer) : null, PANEL_DELAY_MS)

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
          The prospect's page, demo panel and agent with what is typed here, before it is saved. Test in
          Browser speaks this agent. {describeCallMe(saved, unchanged)}
        </p>
        {/* Why calls are off is for the rep, never for the prospect, whose panel says only that they are. */}
        {describeUnavailableForReps(features) && (
          <p className="mt-2 text-sm font-medium text-amber-800 dark:text-amber-300">
            {describeUnavailableForReps(features)}
          </p>
        )}
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
        {panelJson !== null && (
          <voice-demo
            key={panelJson}
            slug={(JSON.parse(panelJson) as ProspectResponse).prospect.slug}
            className="block"
            {...widget}
            {...{ [PRELOADED_ATTRIBUTE]: panelJson }}
          />
        )}
      </div>
      {agent ? (
        <AgentWords firstMessage={agent.firstMessage} system={agent.system} />
      ) : (
        <p role="status" className={hintClass}>
          {templates.status === 'error'
            ? "The agent's words cannot be shown: the kinds of business could not be loaded."
            : "Loading the kinds of business to show the agent's words…"}
        </p>
      )}
    </section>
  )
}

/** The page's brand, as the server gives it: present when the business has a logo or a colour. */
function toBrand(fields: ProspectFields): Pick<Prospect, 'brand'> {
  const logo = fields.logo !== null && LOGO_ID.test(fields.logo) ? fields.logo : null
  const color = fields.theme_color !== null && isBrandColour(fields.theme_color) ? fields.theme_color : null
  return logo || color ? { brand: { logo, color } } : {}
}

/** The greeting and the agent name someone even before the contact and the company are typed. */
function withStandIns(fields: ProspectFields): ProspectFields {
  return {
    ...fields,
    name: fields.name || 'Contact name',
    company_name: fields.company_name || 'Company name',
  }
}

function describeCallMe(saved: ProspectFields | null, unchanged: boolean): string {
  if (saved === null) return 'Call Me phones with the saved agent: create the prospect to try it by phone.'
  if (!unchanged) return 'Call Me phones with the saved agent: save your changes to try them by phone.'
  return 'Call Me phones with this agent too, as it is saved.'
}
