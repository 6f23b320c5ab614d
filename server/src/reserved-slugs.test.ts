import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ErrorBody } from '#core/errors.ts'
import { isValidSlug, RESERVED_SLUGS, SLUG_PATTERN } from '#core/prospect.ts'
import type { SlugCheckResponse } from '#core/rep-api.ts'
import { TOP_LEVEL_PAGES } from '../../site/src/app/match-route.ts'
import * as repPaths from '../../site/src/features/reps/rep-paths.ts'
import { matchRepRoute } from '../../site/src/features/reps/rep-route.ts'
import { parseCsv } from './common/csv.ts'
import { readProspectRows } from './common/prospect-rows.ts'
import { DEFAULT_STATIC_DIRS, REPO_ROOT } from './start-server.ts'
import { createComposedApp } from './testing/composed-app.ts'
import { makeProspectRow } from './testing/prospect-fixture.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from './testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from './testing/test-backend.ts'

let backend: TestBackend
let reps: RepTestApp
let session: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  await reps.addRep('ann@example.com')
  session = await reps.signIn('ann@example.com')
})
afterAll(() => backend.db.close())

/** The first segment of each path the server routes, composed as the Node server composes it. */
const listRoutedSegments = (): string[] =>
  createComposedApp(backend).routes.flatMap((route) => /^\/([^/*:]+)/.exec(route.path)?.[1] ?? [])

/**
 * What the site's build puts at its top level beside what the routes name (`assets/`): the site's
 * public files, copied as they are. A static host answers a folder's name as well as its files.
 */
const listSitePublicEntries = (): string[] => readdirSync(join(REPO_ROOT, 'site', 'public'))

/** The top level of the built site and widget, when they are built (`npm test` builds first). */
const listBuiltEntries = (): string[] =>
  [DEFAULT_STATIC_DIRS.siteDir, DEFAULT_STATIC_DIRS.widgetDir].flatMap((dir) =>
    existsSync(dir) ? readdirSync(dir) : [],
  )

/** The reps' pages that sit where a prospect's page for reps would be, `/_/prospects/{slug}`. */
function listRepPagesInSlugPlace(): string[] {
  const prefix = `${repPaths.LIST_PATH}/`
  return (Object.values(repPaths) as unknown[])
    .filter((value): value is string => typeof value === 'string' && value.startsWith(prefix))
    .filter((path) => matchRepRoute(path, '').page !== 'detail')
    .map((path) => path.slice(prefix.length))
}

it('reserves exactly the top-level paths the product serves that a slug could take', async () => {
  const served = new Set([
    ...listRoutedSegments(),
    ...listSitePublicEntries(),
    ...listBuiltEntries(),
    ...TOP_LEVEL_PAGES,
    ...listRepPagesInSlugPlace(),
  ])
  // The derivation itself must see what is known to be there, or a change to how routes are listed
  // would make this test pass on nothing.
  for (const known of ['api', 'assets', 'widget-chunks', 'embed-demo', 'widget.mjs', 'privacy', 'new']) {
    expect(served, known).toContain(known)
  }
  const slugLike = [...served].filter((segment) => SLUG_PATTERN.test(segment))
  expect([...RESERVED_SLUGS].sort()).toEqual(slugLike.sort())

  // Each is refused as a prospect's link, in the same words by the reps' form (as it is typed and
  // when it is saved) and by the CSV import (at its line, naming the column before the label).
  const csv = ['slug,name,company_name', ...slugLike.map((slug) => `${slug},Ann,Acme`)].join('\n')
  const imported = readProspectRows(parseCsv(csv))
  expect(imported.rows).toEqual([])
  for (const [i, slug] of slugLike.entries()) {
    const reason = `Slug cannot be "${slug}": that is the address of one of the site's own pages`
    expect(isValidSlug(slug), slug).toBe(false)
    const check = await reps.request(`/slugs/${slug}`, { session })
    expect(await check.json(), slug).toEqual({ available: false, reason } satisfies SlugCheckResponse)
    const saved = await reps.request('/prospects', {
      method: 'POST',
      session,
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(makeProspectRow({ slug, name: 'Ann', company_name: 'Acme' })),
    })
    expect(saved.status, slug).toBe(422)
    expect(((await saved.json()) as ErrorBody).error.fields, slug).toEqual({ slug: reason })
    expect(imported.problems[i], slug).toEqual({
      line: i + 2,
      message: reason.replace(/^Slug/, 'slug (Slug)'),
    })
  }
})
