import type { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from './app.ts'
import { makeProspectRow } from './testing/prospect-fixture.ts'
import { importAsCommandLine } from './testing/rep-test-app.ts'
import { createTestBackend, expectClosedToClients, type TestBackend } from './testing/test-backend.ts'

/**
 * The privacy promise: nobody but the server can list prospects (one might be tempted to scrape every
 * personalised page). Checked in the database, for the roles a browser's key would have on hosted
 * Supabase, and against the API, whose only listing route (/api/reps/prospects) needs a signed-in rep.
 */
let backend: TestBackend
let app: Hono
const SLUGS = ['bright-smile-dental', 'harbor-realty', 'visitor', 'privacy-a', 'privacy-b']

beforeAll(async () => {
  backend = await createTestBackend()
  app = createApp({
    ...backend.deps,
    reps: { hashSecret: 'h'.repeat(32), siteUrl: null, trustedProxy: false },
  })
  const row = (slug: string) =>
    makeProspectRow({ slug, name: `Name ${slug}`, company_name: 'Co', first_message: 'Hi', system: 'S' })
  await importAsCommandLine(backend.deps.db, [row('privacy-a'), row('privacy-b')])
})
afterAll(() => backend.db.close())

/** How many distinct prospect slugs an answer gives away (as JSON strings: "prospects" is no leak). */
const slugsIn = (text: string) => SLUGS.filter((slug) => text.includes(`"${slug}"`)).length

describe('the database, to the roles a browser key would have', () => {
  it('refuses anon and authenticated every read of prospects, and every function that lists them', async () => {
    await expectClosedToClients(backend, {
      tables: ['prospects', 'prospect_audit', 'reps', 'import_jobs', 'import_job_rows'],
      functions: [
        'list_prospects',
        'list_rep_prospects',
        'get_rep_prospect',
        'upsert_prospects',
        'begin_import_job',
        'stage_import_rows',
        'apply_import_job',
        'fail_import_job',
        'get_import_job',
      ],
    })
    for (const role of ['anon', 'authenticated']) {
      const read = backend.db.transaction(async (tx) => {
        await tx.query(`set local role ${role}`)
        return tx.query('select slug from public.prospects')
      })
      await expect(read, role).rejects.toMatchObject({ code: '42501' })
    }
  })

  it("refuses them the reps' accounts, their trail and every function of the team page", async () => {
    await expectClosedToClients(backend, {
      tables: ['reps', 'rep_sessions', 'rep_password_tokens', 'rep_audit'],
      functions: [
        'rep_may_manage',
        'invite_rep',
        'send_rep_password_link',
        'update_rep',
        'list_team',
        'list_rep_history',
        'add_rep',
        'reset_rep_password',
        'set_rep_disabled',
        'end_rep_sign_in',
        'set_rep_password',
      ],
    })
  })

  it('while the server can list them, so the refusals above are about the role', async () => {
    const { rows } = await backend.db.query<{ slug: string }>('select slug from public.prospects')
    expect(rows.length).toBeGreaterThanOrEqual(SLUGS.length)
  })
})

describe('the API', () => {
  it.each([
    '/api/prospects',
    '/api/prospects/',
    '/api/prospects?select=*',
    '/api/prospects?slug=privacy-a',
    '/api/prospects/*',
    '/api/prospects/%2A',
    '/api/prospects/privacy-a,privacy-b',
    '/api/prospects/privacy-a/privacy-b',
    '/api/prospects/privacy-%25',
    '/api/prospects/privacy-a/..',
  ])('gives at most one prospect for %s', async (path) => {
    const res = await app.request(path)
    const text = await res.text()
    expect(slugsIn(text), text).toBeLessThanOrEqual(1)
    if (res.status === 200) expect(Object.keys(JSON.parse(text))).toEqual(['prospect', 'fallback'])
  })

  it('lists prospects to a signed-in rep only: 401 signed_out and no slugs without a session', async () => {
    for (const path of [
      '/api/reps/prospects',
      '/api/reps/prospects?q=privacy',
      '/api/reps/prospects/privacy-a',
    ]) {
      const res = await app.request(path, { headers: { Cookie: 'rep_session=forged-or-stale' } })
      expect(res.status, path).toBe(401)
      expect(slugsIn(await res.text())).toBe(0)
    }
  })

  it('answers one prospect by exact slug with the public fields only', async () => {
    const res = await app.request('/api/prospects/privacy-a')
    const body = await res.json()
    expect(body).toEqual({
      prospect: {
        slug: 'privacy-a',
        name: 'Name privacy-a',
        companyName: 'Co',
        firstMessage: 'Hi',
        system: 'S',
        // What the agent was made from: the two fields every page shows, no detail was given.
        variables: { name: 'Name privacy-a', company_name: 'Co' },
        assistantId: null,
      },
      fallback: false,
      // Which demos work for it: three flags, nothing of the server's configuration itself.
      features: {
        browserCall: expect.any(Boolean),
        phoneCall: expect.any(Boolean),
        videoCall: expect.any(Boolean),
      },
      // Why a call is off, in words for the panel: names no key's value, only what to set.
      unavailableReason: expect.stringMatching(
        /^(|(Calls|Browser calls|Phone calls) are not available right now\.)$/,
      ),
    })
  })
})
