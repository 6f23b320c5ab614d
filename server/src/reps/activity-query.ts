import { ENGAGEMENT_STAGES, type EngagementStage } from '#core/engagement.ts'
import type { Rep } from '#core/rep-api.ts'
import type { ActivityFilter } from './activity-store.ts'
import { invalid, readOwnerId, readSearch } from './prospect-list.ts'

/**
 * The activity list's filters, read as the prospect list reads its own (`q`, `owner`), with `stage`
 * (one of ENGAGEMENT_STAGES) and `hot=1`. A parameter it cannot read is 400 naming it.
 */
export function readActivityFilter(params: URLSearchParams, rep: Rep): ActivityFilter {
  const stage = params.get('stage') || null
  if (stage !== null && !isStage(stage)) invalid(`stage must be one of ${ENGAGEMENT_STAGES.join(', ')}.`)
  const hot = params.get('hot') || null
  if (hot !== null && hot !== '1') invalid('hot must be 1 or absent.')
  return { query: readSearch(params), ownerId: readOwnerId(params, rep), stage, hotOnly: hot === '1' }
}

const isStage = (value: string): value is EngagementStage =>
  (ENGAGEMENT_STAGES as readonly string[]).includes(value)
