import type { RepProspectDetail } from '#core/rep-api.ts'
import { useWidgetAttributes } from '../../../lib/use-widget-attributes.ts'
import { AgentWords } from '../agent/agent-words.tsx'

/**
 * The real `<voice-demo>` for the prospect, from the widget.mjs this page loads like any partner page,
 * so a browser call here is the one the prospect gets, and beside it the agent's words as the server
 * serves them now (`detail.agent`). `key` gives each slug a new element, so nothing of the previous
 * prospect's panel (or call) carries over.
 */
export function TryAgent({ detail }: { detail: RepProspectDetail }) {
  const widget = useWidgetAttributes()
  const { slug, company_name: companyName } = detail.fields
  return (
    <section
      aria-labelledby="try-heading"
      className="space-y-4 rounded-2xl border border-slate-200 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900/60"
    >
      <div>
        <h2 id="try-heading" className="text-lg font-bold tracking-tight">
          Try this agent
        </h2>
        <p className="mt-1 text-sm break-words text-slate-600 dark:text-slate-400">
          A browser call with the same agent {companyName} hears on their page and by phone.
        </p>
      </div>
      {/* min-h keeps the page still while widget.mjs arrives and the panel paints. */}
      <div className="min-h-40">
        <voice-demo key={slug} slug={slug} className="block" {...widget} />
      </div>
      <AgentWords firstMessage={detail.agent.firstMessage} system={detail.agent.system} />
    </section>
  )
}
