import type { AgentTemplateSet } from '#core/agent.ts'
import { AppError } from '#core/errors.ts'
import type { Db } from '../data/database.ts'
import type { Logger } from '../logging/rate-limited-logger.ts'
import { readWebsite, type WebsiteReaderSettings } from './read-website.ts'
import { WebsiteReadError } from './site-page.ts'

/**
 * The reader the reps' routes call ("Fill from website"): a site read now, its refusal as AppError
 * `website_unreadable` carrying the reason in the rep's words; an AI answer that was dropped is logged.
 */
export function createWebsiteReader(deps: {
  db: Db
  templates: AgentTemplateSet
  settings: WebsiteReaderSettings & { perRepHourly: number }
  logger: Logger
  onQueued?: () => void
}) {
  return {
    perRepHourly: deps.settings.perRepHourly,
    onQueued: deps.onQueued,
    read: async (website: string, signal?: AbortSignal) => {
      try {
        return await readWebsite(website, {
          db: deps.db,
          templates: deps.templates,
          settings: deps.settings,
          logger: { warn: (...args: unknown[]) => deps.logger.error('[website]', ...args) },
          ...(signal ? { signal } : {}),
        })
      } catch (error) {
        if (error instanceof WebsiteReadError) {
          throw new AppError('website_unreadable', { message: error.message })
        }
        throw error
      }
    },
  }
}
