import { Hono } from 'hono'
import type { AgentTemplateSet } from '#core/agent.ts'
import { AppError } from '#core/errors.ts'
import { getProspectPageUrl } from '#core/prospect.ts'
import type { ImportResponse } from '#core/rep-api.ts'
import { CsvSyntaxError, parseCsv } from '../common/csv.ts'
import { limitBody } from '../common/limit-body.ts'
import { readProspectRows } from '../common/prospect-rows.ts'
import type { Db } from '../data/database.ts'
import type { RepEnv } from './rep-guards.ts'
import { importRepProspects } from './rep-prospects.ts'

/** MAX_IMPORT_ROWS rows of a typical 600 bytes, with room; 10,000 prospects are about 6 MB. */
const MAX_CSV_BYTES = 64 * 1024 * 1024
const CSV_TYPE = /^text\/csv\s*(;|$)/i

/**
 * `POST imports` with a CSV body: the command line's import (the same parser and row rule, one
 * transaction, all or nothing), stamped with the rep, who owns the prospects it creates. A bad row
 * anywhere is 422 `import_invalid` with every bad row's line and problems, and nothing is written.
 * Answers the counts and each row's page link, in file order.
 */
export function importRoutes(db: Db, templates: AgentTemplateSet, siteUrl: string | null): Hono<RepEnv> {
  const templateIds = templates.list.map((template) => template.source.id)
  return new Hono<RepEnv>().post('/imports', limitBody(MAX_CSV_BYTES), async (c) => {
    if (!CSV_TYPE.test(c.req.header('Content-Type') ?? '')) throw new AppError('unsupported_media_type')
    let records: ReturnType<typeof parseCsv>
    try {
      records = parseCsv(await c.req.text())
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error
      const message = `${error.message}; the file cannot be read past this line`
      throw new AppError('import_invalid', { problems: [{ line: error.line, message }] })
    }
    const { rows, problems } = readProspectRows(records, { templateIds })
    if (problems.length > 0) {
      const total = Math.max(records.length - 1, 0)
      throw new AppError('import_invalid', {
        problems,
        message: `Nothing was imported: ${problems.length} of ${total} rows ${problems.length === 1 ? 'has a problem' : 'have problems'}.`,
      })
    }
    const counts = await importRepProspects(db, rows, c.get('rep').id)
    const base = siteUrl ?? new URL(c.req.url).origin
    const links = rows.map((row) => ({ slug: row.slug, url: getProspectPageUrl(base, row.slug) }))
    return c.json({ ...counts, links } satisfies ImportResponse)
  })
}
