import { type AgentTemplateSet, renderProspectAgent, toAgentValues } from '#core/agent.ts'
import { AppError } from '#core/errors.ts'
import type { Prospect } from '#core/prospect.ts'
import type { ProspectFields } from '#core/rep-api.ts'
import type { Db, ProspectRow } from './database.ts'

/** The fields a prospect's page and agent are made from; `id` and the stamps stay in the database. */
export const PROSPECT_COLUMNS =
  'slug,name,company_name,template,city,services,opening_hours,website,booking_link,first_message,system,assistant_id'

/** PostgREST's answer when `.single()` finds no row (or several: impossible on a unique slug). */
const NOT_FOUND_CODE = 'PGRST116'

/** A prospect as pages and calls serve it, and what its agent does (for the video call's persona). */
export interface ServedProspect extends Prospect {
  /** The end of "The voice agent built for {company} …", from its template. */
  purpose: string
}

/**
 * Reads one prospect by exact slug and renders its agent with the templates in use now, so a template
 * improved since the prospect was saved reaches it. `null` when there is none; AppError
 * `prospect_unavailable` (503, logged once by the app's error handler) when the database cannot answer.
 */
export async function loadProspect(
  supabase: Db,
  templates: AgentTemplateSet,
  slug: string,
): Promise<ServedProspect | null> {
  const { data, error } = await supabase
    .from('prospects')
    .select(PROSPECT_COLUMNS)
    .eq('slug', slug)
    // A page is waiting: fail now rather than after supabase-js's 1 + 2 + 4 s of retries on a 503.
    .retry(false)
    .single()
  if (error?.code === NOT_FOUND_CODE) return null
  if (error || !data) throw new AppError('prospect_unavailable', { cause: error ?? new Error('No data') })
  return serveProspect(templates, data)
}

/** A stored prospect as it is served: its agent rendered, the values it was made from beside it. */
export function serveProspect(templates: AgentTemplateSet, row: ProspectFields): ServedProspect {
  const agent = renderProspectAgent(templates, row)
  return {
    slug: row.slug,
    name: row.name,
    companyName: row.company_name,
    firstMessage: agent.firstMessage,
    system: agent.system,
    variables: toAgentValues(row),
    assistantId: row.assistant_id,
    purpose: agent.purpose,
  }
}

export type { ProspectRow }
