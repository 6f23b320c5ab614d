import { type AgentTemplateSet, renderProspectAgent, toAgentValues } from '#core/agent.ts'
import { AppError } from '#core/errors.ts'
import type { Prospect } from '#core/prospect.ts'
import { PROSPECT_FIELD_NAMES } from '#core/prospect-fields.ts'
import type { ProspectFields } from '#core/rep-api.ts'
import type { Db, ProspectRow } from './database.ts'

/** The fields a prospect's page and agent are made from; `id` and the stamps stay in the database. */
export const PROSPECT_COLUMNS = PROSPECT_FIELD_NAMES.join(', ')

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
  db: Db,
  templates: AgentTemplateSet,
  slug: string,
): Promise<ServedProspect | null> {
  let rows: ProspectRow[]
  try {
    ;({ rows } = await db.query<ProspectRow>(
      `select ${PROSPECT_COLUMNS} from public.prospects where slug = $1`,
      [slug],
    ))
  } catch (error) {
    throw new AppError('prospect_unavailable', { cause: error })
  }
  const row = rows[0]
  return row ? serveProspect(templates, row) : null
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
    ...(row.logo || row.theme_color ? { brand: { logo: row.logo, color: row.theme_color } } : {}),
    purpose: agent.purpose,
  }
}

export type { ProspectRow }
