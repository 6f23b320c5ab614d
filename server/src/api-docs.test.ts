import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { REP_API_PATH } from '#core/rep-api.ts'
import { REPO_ROOT } from './start-server.ts'
import { createComposedApp } from './testing/composed-app.ts'
import { createTestBackend, type TestBackend } from './testing/test-backend.ts'

// docs/api.md is where integrators and the team read what the server answers: every route the server
// has is documented there, and every route documented there exists. A route added without its
// documentation, or one removed and still described, fails here.

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())

const METHODS = 'GET|HEAD|POST|PUT|PATCH|DELETE'
/** `/a/:id/b` and `/a/{id}/b` alike: a parameter's name is the docs' choice. */
const normalise = (path: string) => path.replace(/:[A-Za-z_]+|\{[A-Za-z_]+\}/g, ':param')

/**
 * The routes docs/api.md names, as `METHOD /path`: `GET /api/config`, `GET|PUT /api/reps/profile`, and
 * in the reps' tables the paths under `/api/reps` written without it (`POST session`). The query is
 * not the route; what the server itself calls (`POST {VAPI_API_URL}/call`, `POST VIDEO_WEBHOOK_URL`,
 * Tavus's `POST /v2/…`) is no route of ours.
 */
function listDocumentedRoutes(): Set<string> {
  const text = readFileSync(join(REPO_ROOT, 'docs', 'api.md'), 'utf8')
  const found = new Set<string>()
  const pattern = new RegExp(`\`((?:${METHODS})(?:\\|(?:${METHODS}))*) ([^\`\\s?]+)[^\`]*\``, 'g')
  for (const [, methods = '', path = ''] of text.matchAll(pattern)) {
    if (!path.startsWith('/api/') && !/^[a-z]/.test(path)) continue
    const full = path.startsWith('/') ? path : `${REP_API_PATH}/${path}`
    for (const method of methods.split('|')) found.add(`${method} ${normalise(full)}`)
  }
  return found
}

/** The API's routes as the Node server composes them; `ALL` entries are middleware and fallbacks. */
function listServedRoutes(): Set<string> {
  return new Set(
    createComposedApp(backend)
      .routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${normalise(route.path)}`),
  )
}

it('documents every route of the API in docs/api.md, and nothing that is not one', () => {
  const served = listServedRoutes()
  const documented = listDocumentedRoutes()
  // The derivations must see what is known to be there, or a change to either would pass on nothing.
  for (const known of ['GET /api/config', 'POST /api/reps/session', 'GET /api/reps/prospects/:param']) {
    expect(served, known).toContain(known)
    expect(documented, known).toContain(known)
  }
  expect({ undocumented: [...served].filter((route) => !documented.has(route)).sort() }).toEqual({
    undocumented: [],
  })
  expect({ notServed: [...documented].filter((route) => !served.has(route)).sort() }).toEqual({
    notServed: [],
  })
})
