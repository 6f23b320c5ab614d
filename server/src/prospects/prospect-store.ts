import {
  callFunction,
  DatabaseError,
  type Db,
  type ProspectRow,
  type ProspectSummary,
  type UpsertCounts,
} from '../data/database.ts'
import { PROSPECT_COLUMNS } from '../data/prospects.ts'

/** The database refused or could not be reached; `message` says what it answered. */
export class ProspectStoreError extends Error {
  override readonly name = 'ProspectStoreError'
}

/** Runs one call, its refusal said in a sentence for the operator: what failed, Postgres's words, its code. */
async function say<T>(action: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (!(error instanceof DatabaseError)) throw error
    const { detail, hint } = (error.cause ?? {}) as { detail?: unknown; hint?: unknown }
    const words = [error.message.replace(/^[a-z_]+: /, ''), detail, hint].filter(
      (part) => typeof part === 'string' && part,
    )
    throw new ProspectStoreError(`${action}: ${words.join(' — ')}${error.code ? ` (${error.code})` : ''}`, {
      cause: error,
    })
  }
}

/** Writes all rows in one call of `upsert_prospects`, which is one transaction: every row or none. */
export function upsertProspects(db: Db, rows: readonly ProspectRow[]): Promise<UpsertCounts> {
  return say('The database refused the import, so nothing was written', () =>
    callFunction(db, 'upsert_prospects', { prospects: rows }),
  )
}

/** Every prospect in slug order, a page at a time (the API caps rows per answer). */
export async function* listProspects(db: Db, pageSize = 1000): AsyncGenerator<ProspectSummary> {
  let after: string | null = null
  for (;;) {
    const page: ProspectSummary[] = await listPage(db, after, pageSize)
    yield* page
    const last = page.at(-1)
    if (!last || page.length < pageSize) return
    after = last.slug
  }
}

function listPage(db: Db, after: string | null, pageSize: number) {
  return say('Could not list prospects', () =>
    callFunction(db, 'list_prospects', { after_slug: after, page_size: pageSize }),
  )
}

export function getProspect(db: Db, slug: string): Promise<ProspectRow | null> {
  return say(`Could not read prospect "${slug}"`, async () => {
    const { rows } = await db.query<ProspectRow>(
      `select ${PROSPECT_COLUMNS} from public.prospects where slug = $1`,
      [slug],
    )
    return rows[0] ?? null
  })
}

/** True when a prospect was deleted, false when there was none with this slug. */
export async function deleteProspect(db: Db, slug: string): Promise<boolean> {
  return (
    await say(`Could not delete prospect "${slug}"`, () => callFunction(db, 'delete_prospect', { slug }))
  ).deleted
}
