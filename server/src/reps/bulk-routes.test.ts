import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ActivityListResponse } from '#core/engagement.ts'
import type {
  BulkJobResponse,
  BulkRequest,
  BulkResponse,
  BulkRestoreResponse,
  DeletedProspectListResponse,
  RepProspectDetail,
} from '#core/rep-api.ts'
import { callFunction, type Db } from '../data/database.ts'
import { createActivityRows, visitId } from '../testing/activity-rows.ts'
import { holdQuery } from '../testing/held-query.ts'
import { createBackgroundRecorder } from '../testing/import-jobs.ts'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import {
  createRepTestApp,
  importAsCommandLine,
  importAsRep,
  type RepTestApp,
  type TestSession,
} from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { ENGAGEMENT_RULES } from './activity-rules.ts'

let backend: TestBackend
let db: Db
let reps: RepTestApp
let queued = 0
let ann: TestSession // admin
let bo: TestSession
let cy: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  db = backend.deps.db
  reps = createRepTestApp(backend, {
    siteUrl: 'https://demo.example',
    websiteReader: {
      read: () => Promise.reject(new Error('not read in these tests')),
      perRepHourly: 10,
      onQueued: () => {
        queued += 1
      },
    },
  })
  await reps.addRep('ann@example.com', 'admin')
  await reps.addRep('bo@example.com')
  await reps.addRep('cy@example.com')
  ann = await reps.signIn('ann@example.com')
  bo = await reps.signIn('bo@example.com')
  cy = await reps.signIn('cy@example.com')
})
afterAll(() => backend.db.close())

const row = (slug: string, company: string, extra: { website?: string } = {}) =>
  makeProspectRow({ slug, name: `Owner of ${company}`, company_name: company, ...extra })

async function bulk(session: TestSession, request: BulkRequest) {
  return reps.request('/bulk-actions', {
    method: 'POST',
    session,
    body: JSON.stringify(request),
    headers: { 'Content-Type': 'application/json' },
  })
}

async function bulkResult(session: TestSession, request: BulkRequest) {
  const res = await bulk(session, request)
  expect(res.status, await res.clone().text()).toBe(200)
  return ((await res.json()) as BulkResponse).result
}

async function ownerOf(slug: string): Promise<string | null> {
  const res = await reps.request(`/prospects/${slug}`, { session: ann })
  if (res.status === 404) return 'gone'
  return ((await res.json()) as RepProspectDetail).owner?.email ?? null
}

/** What the Activity list, the totals and the funnel's stage times say of the prospects matching `query`. */
async function activityOf(query: string) {
  const res = await reps.request(`/activity?q=${query}`, { session: ann })
  expect(res.status).toBe(200)
  const activity = ((await res.json()) as ActivityListResponse).prospects
  const { rows } = await db.query<{ derived: unknown }>(
    `select jsonb_build_object(
       'prospect', (select jsonb_build_object('id', p.id, 'created_at', p.created_at)),
       'stage_times', (select to_jsonb(t) from public.prospect_stage_times t where t.prospect_id = p.id),
       'totals', (select to_jsonb(r) from public.engagement_rollups r where r.prospect_id = p.id),
       'visits', (select jsonb_agg(to_jsonb(v) order by v.visit_key) from public.engagement_visit_rollups v
         where v.prospect_id = p.id),
       'events', (select jsonb_agg(to_jsonb(e) order by e.id) from public.engagement_events e where e.prospect_id = p.id),
       'calls', (select jsonb_agg(to_jsonb(c) order by c.call_id) from public.call_reports c where c.prospect_id = p.id)
     ) as derived
     from public.prospects p where p.slug like 'tern-%' order by p.slug`,
  )
  return { activity, derived: rows.map((r) => r.derived) }
}

async function deliveryCount(): Promise<number> {
  const { rows } = await db.query<{ n: number }>('select count(*) as n from public.webhook_deliveries')
  return Number(rows[0]?.n)
}

describe('bulk reassign', () => {
  it('lets an admin give every matching prospect to a rep in one request, history written per row', async () => {
    await importAsRep(db, [row('kiln-a', 'Kilnworks Alpha'), row('kiln-b', 'Kilnworks Beta')], bo.rep.id)
    await importAsCommandLine(db, [row('kiln-c', 'Kilnworks Gamma')])
    const result = await bulkResult(ann, {
      action: 'reassign',
      filter: { list: 'prospects', query: 'q=kilnworks' },
      ownerId: cy.rep.id,
    })
    expect(result).toMatchObject({ total: 3, changed: 3, unchanged: 0, refusedCount: 0, refused: [] })
    for (const slug of ['kiln-a', 'kiln-b', 'kiln-c']) expect(await ownerOf(slug)).toBe('cy@example.com')
    const history = await reps.request('/prospects/kiln-a/history', { session: bo })
    const entries = ((await history.json()) as { history: { action: string; changed: string[] }[] }).history
    expect(entries[0]).toMatchObject({ action: 'update', changed: ['owner'] })

    // Again: nothing to change, and said so.
    const again = await bulkResult(ann, { action: 'reassign', slugs: ['kiln-a'], ownerId: cy.rep.id })
    expect(again).toMatchObject({ changed: 0, unchanged: 1 })
  })

  it('refuses per row, with why, and writes the rows the rep may change', async () => {
    await importAsRep(db, [row('quill-a', 'Quillpoint A')], bo.rep.id)
    await importAsRep(db, [row('quill-b', 'Quillpoint B')], cy.rep.id)
    await importAsCommandLine(db, [row('quill-c', 'Quillpoint C')])
    // A rep takes over what they may (nobody's) and is told about the colleague's and their own.
    const result = await bulkResult(bo, {
      action: 'reassign',
      slugs: ['quill-a', 'quill-b', 'quill-c', 'no-such-slug'],
      ownerId: bo.rep.id,
    })
    expect(result).toMatchObject({ total: 4, changed: 1, unchanged: 1, missing: 1, refusedCount: 1 })
    expect(result.refused).toEqual([
      {
        slug: 'quill-b',
        name: 'Owner of Quillpoint B',
        companyName: 'Quillpoint B',
        reason: 'This prospect belongs to cy@example.com: only they or an admin can change it.',
      },
    ])
    expect(await ownerOf('quill-c')).toBe('bo@example.com')
    expect(await ownerOf('quill-b')).toBe('cy@example.com')

    // A rep never gives their own away.
    const away = await bulkResult(bo, { action: 'reassign', slugs: ['quill-a'], ownerId: cy.rep.id })
    expect(away.refused[0]?.reason).toBe('Only an admin can choose another owner.')
    expect(await ownerOf('quill-a')).toBe('bo@example.com')
  })

  it('changes nothing when the new owner is not an enabled rep', async () => {
    const res = await bulk(ann, {
      action: 'reassign',
      slugs: ['quill-a'],
      ownerId: '00000000-0000-4000-8000-000000000000',
    })
    expect(res.status).toBe(422)
    expect(await ownerOf('quill-a')).toBe('bo@example.com')
  })

  it('is all or nothing: a failure in the middle leaves every row as it was', async () => {
    await importAsRep(db, [row('vane-a', 'Vanecraft A'), row('vane-b', 'Vanecraft B')], bo.rep.id)
    // A trigger that fails on the second row's audit entry, inside the one call.
    await db.query(`create function public.fail_on_vane_b() returns trigger language plpgsql as $$
      begin if new.slug = 'vane-b' then raise exception 'disk full'; end if; return new; end $$`)
    await db.query(`create trigger fail_on_vane_b before insert on public.prospect_audit
      for each row execute function public.fail_on_vane_b()`)
    try {
      const res = await bulk(ann, { action: 'reassign', slugs: ['vane-a', 'vane-b'], ownerId: cy.rep.id })
      expect(res.status).toBe(503)
    } finally {
      await db.query('drop trigger fail_on_vane_b on public.prospect_audit')
      await db.query('drop function public.fail_on_vane_b()')
    }
    expect(await ownerOf('vane-a')).toBe('bo@example.com')
    expect(await ownerOf('vane-b')).toBe('bo@example.com')
  })
})

describe('bulk delete and its undo', () => {
  it('deletes a batch, lists it on the deleted page, and brings it back together', async () => {
    await importAsRep(db, [row('marl-a', 'Marlowe A'), row('marl-b', 'Marlowe B')], bo.rep.id)
    await importAsRep(db, [row('marl-c', 'Marlowe C')], cy.rep.id)
    const result = await bulkResult(bo, {
      action: 'delete',
      filter: { list: 'prospects', query: 'q=marlowe' },
    })
    expect(result).toMatchObject({ total: 3, changed: 2, refusedCount: 1 })
    expect(result.refused.map((r) => r.slug)).toEqual(['marl-c'])
    expect(result.batchId).toMatch(/^[0-9a-f-]{36}$/)
    expect(await ownerOf('marl-a')).toBe('gone')
    expect(await ownerOf('marl-c')).toBe('cy@example.com')
    const deleted = (await (
      await reps.request('/deleted-prospects', { session: cy })
    ).json()) as DeletedProspectListResponse
    expect(deleted.prospects.map((p) => p.slug)).toEqual(expect.arrayContaining(['marl-a', 'marl-b']))
    // Each row of the batch names it, so the deleted page can bring the batch back.
    expect(deleted.prospects.find((p) => p.slug === 'marl-a')?.batchId).toBe(result.batchId)

    // Only the rep who deleted the batch, or an admin, brings it back.
    const path = `/bulk-actions/deletions/${result.batchId}/restore`
    expect((await reps.request(path, { method: 'POST', session: cy })).status).toBe(403)
    // A new prospect took one slug meanwhile: that one stays deleted and is named.
    await importAsRep(db, [row('marl-b', 'Another Marlowe')], bo.rep.id)
    reps.clock.advance(60)
    const back = await reps.request(path, { method: 'POST', session: bo })
    expect(back.status).toBe(200)
    expect((await back.json()) as BulkRestoreResponse).toEqual({
      restored: 1,
      already: 0,
      slugTaken: ['marl-b'],
    })
    expect(await ownerOf('marl-a')).toBe('bo@example.com')
    const detail = (await (
      await reps.request('/prospects/marl-a', { session: bo })
    ).json()) as RepProspectDetail
    expect(detail.fields.company_name).toBe('Marlowe A')
    expect(detail.history[0]?.action).toBe('restore')
    const after = (await (
      await reps.request('/deleted-prospects', { session: cy })
    ).json()) as DeletedProspectListResponse
    expect(after.prospects.map((p) => p.slug)).not.toContain('marl-a')

    // A second undo brings nothing twice.
    const twice = await reps.request(path, { method: 'POST', session: ann })
    expect((await twice.json()) as BulkRestoreResponse).toEqual({
      restored: 0,
      already: 1,
      slugTaken: ['marl-b'],
    })
  })

  it('brings a batch back with what its prospects did: visits, events, calls, totals and stage times', async () => {
    await importAsRep(db, [row('tern-a', 'Ternhill A'), row('tern-b', 'Ternhill B')], bo.rep.id)
    await callFunction(db, 'ensure_stage_times', { rules: ENGAGEMENT_RULES })
    const rows = createActivityRows(backend.db, reps.clock.now)
    const partner = { surface: 'embed', origin: 'https://partner.example' }
    await rows.event('tern-a', 'page_opened', { hoursAgo: 30, visit: visitId(1), detail: partner })
    await rows.event('tern-a', 'page_opened', { hoursAgo: 3, visit: visitId(2), detail: partner })
    await rows.callReport('tern-a', { source: 'browser', hoursAgo: 2, visit: visitId(2), seconds: 95 })
    await rows.event('tern-a', 'phone_call_placed', { hoursAgo: 1, visit: visitId(2) })
    await rows.event('tern-b', 'page_opened', { hoursAgo: 5, visit: visitId(3), detail: partner })
    // The team's tools heard of these facts when they happened, and are not told again.
    await callFunction(db, 'create_outgoing_webhook', {
      url: 'https://crm.example/hook',
      events: ['opened', 'tried', 'asked_for_call', 'talked'],
      secret: `whsec_${'b'.repeat(43)}`,
      rep_id: ann.rep.id,
      at: reps.clock.now().toISOString(),
    })
    await rows.event('tern-b', 'page_opened', { hoursAgo: 4, visit: visitId(4), detail: partner })
    const before = await activityOf('ternhill')
    expect(before.activity.map((a) => [a.slug, a.visits, a.talkSeconds, a.stage])).toEqual([
      ['tern-a', 2, 95, 'asked_call'],
      ['tern-b', 2, 0, 'opened'],
    ])

    const result = await bulkResult(bo, {
      action: 'delete',
      filter: { list: 'prospects', query: 'q=ternhill' },
    })
    expect(result.changed).toBe(2)
    expect((await activityOf('ternhill')).activity).toEqual([])
    const deliveries = await deliveryCount()
    reps.clock.advance(60)
    const back = await reps.request(`/bulk-actions/deletions/${result.batchId}/restore`, {
      method: 'POST',
      session: bo,
    })
    expect(((await back.json()) as BulkRestoreResponse).restored).toBe(2)
    expect(await activityOf('ternhill')).toEqual(before)
    expect(await deliveryCount()).toBe(deliveries)
    // Brought back once: nothing is left aside for the batch.
    const { rows: aside } = await db.query<{ n: number }>(
      `select (select count(*) from public.deleted_engagement_events where batch_id = $1)
         + (select count(*) from public.deleted_call_reports where batch_id = $1) as n`,
      [result.batchId],
    )
    expect(Number(aside[0]?.n)).toBe(0)
  })

  it('never deletes the fallback prospect, even for an admin, and says so', async () => {
    const result = await bulkResult(ann, { action: 'delete', slugs: ['visitor'] })
    expect(result).toMatchObject({ changed: 0, refusedCount: 1, batchId: null })
    expect(result.refused[0]?.reason).toMatch(/fallback prospect/)
  })

  it('answers 404 for an unknown batch', async () => {
    const res = await reps.request('/bulk-actions/deletions/00000000-0000-4000-8000-000000000000/restore', {
      method: 'POST',
      session: ann,
    })
    expect(res.status).toBe(404)
  })
})

describe('bulk re-read of websites', () => {
  it('queues the sites of the rows the rep may change and lists those without one', async () => {
    await importAsRep(
      db,
      [row('sill-a', 'Sillwater A', { website: 'https://sill-a.example' }), row('sill-b', 'Sillwater B')],
      bo.rep.id,
    )
    await importAsRep(db, [row('sill-c', 'Sillwater C', { website: 'https://sill-c.example' })], cy.rep.id)
    const before = queued
    const result = await bulkResult(bo, {
      action: 'reread',
      filter: { list: 'activity', query: 'q=sillwater' },
    })
    expect(result).toMatchObject({ total: 3, changed: 1, refusedCount: 2 })
    expect(result.refused.map((r) => [r.slug, r.reason])).toEqual([
      ['sill-b', 'It has no website to read.'],
      ['sill-c', 'This prospect belongs to cy@example.com: only they or an admin can change it.'],
    ])
    expect(queued).toBe(before + 1)
    const { rows } = await db.query<{ website: string; status: string }>(
      `select w.website, w.status from public.website_reads w join public.prospects p on p.id = w.prospect_id
       where p.slug like 'sill-%'`,
    )
    expect(rows).toEqual([{ website: 'https://sill-a.example', status: 'queued' }])
  })
})

describe('bulk export', () => {
  it('answers names, companies, links marked as email and stages as CSV, formulas neutralised', async () => {
    await importAsRep(db, [row('tarn-a', 'Tarnfield A'), row('tarn-b', '=Tarnfield B')], bo.rep.id)
    const res = await bulk(cy, {
      action: 'export',
      filter: { list: 'activity', query: 'q=tarnfield&stage=sent' },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
    const lines = (await res.text()).trimEnd().split('\r\n')
    expect(lines[0]).toBe('name,company,link,stage')
    expect(lines.slice(1).sort()).toEqual([
      "Owner of =Tarnfield B,'=Tarnfield B,https://demo.example/tarn-b?via=email,Sent",
      'Owner of Tarnfield A,Tarnfield A,https://demo.example/tarn-a?via=email,Sent',
    ])
    const ticked = await bulk(cy, { action: 'export', slugs: ['tarn-a'] })
    expect((await ticked.text()).trimEnd().split('\r\n')).toEqual([
      'name,company,link,stage',
      'Owner of Tarnfield A,Tarnfield A,https://demo.example/tarn-a?via=email,Sent',
    ])
    // Export changes nothing, so a rep exports anyone's.
    expect(await ownerOf('tarn-a')).toBe('bo@example.com')
  })
})

describe('bulk requests it cannot read', () => {
  it.each([
    [{ action: 'delete' }, /either the prospects/],
    [{ action: 'delete', slugs: ['a'], filter: { list: 'prospects', query: '' } }, /either the prospects/],
    [{ action: 'reassign', slugs: ['a'] }, /new owner/],
    [{ action: 'delete', slugs: ['a'], ownerId: null }, /reassign only/],
    [{ action: 'shred', slugs: ['a'] }, /action/],
    [{ action: 'delete', filter: { list: 'activity', query: 'stage=lost' } }, /stage must be/],
  ])('answers 400 for %j', async (body, message) => {
    const res = await bulk(ann, body as BulkRequest)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message)
  })

  it('needs the session’s CSRF token', async () => {
    const res = await reps.request('/bulk-actions', {
      method: 'POST',
      session: { ...ann, csrfToken: 'wrong' },
      body: JSON.stringify({ action: 'delete', slugs: ['kiln-a'] }),
    })
    expect(res.status).toBe(403)
    expect(await ownerOf('kiln-a')).toBe('cy@example.com')
  })
})

describe('large bulk actions run as a job', () => {
  it('answers 202 at once with the job, which the rep follows until it is done', async () => {
    const rows = Array.from({ length: 1_200 }, (_, i) =>
      row(`ember-${String(i).padStart(4, '0')}`, `Emberline ${i}`),
    )
    await importAsRep(db, rows, bo.rep.id)
    const res = await bulk(ann, {
      action: 'reassign',
      filter: { list: 'prospects', query: 'q=emberline' },
      ownerId: cy.rep.id,
    })
    expect(res.status).toBe(202)
    const { job } = (await res.json()) as BulkJobResponse
    expect(res.headers.get('Location')).toBe(`/api/reps/bulk-actions/${job.id}`)
    expect(job).toMatchObject({ action: 'reassign', total: 1_200 })
    const follow = async () => {
      const answer = await reps.request(`/bulk-actions/${job.id}`, { session: ann })
      return ((await answer.json()) as BulkJobResponse).job
    }
    await expect.poll(async () => (await follow()).status).toBe('done')
    expect((await follow()).result).toMatchObject({ total: 1_200, changed: 1_200, refusedCount: 0 })
    expect(await ownerOf('ember-0000')).toBe('cy@example.com')
    expect(await ownerOf('ember-1199')).toBe('cy@example.com')
    // Another rep's job is none of theirs.
    expect((await reps.request(`/bulk-actions/${job.id}`, { session: bo })).status).toBe(404)
  })

  it('lists the rows it refused in the job', async () => {
    const res = await bulk(bo, { action: 'delete', filter: { list: 'prospects', query: 'q=emberline' } })
    expect(res.status).toBe(202)
    const { job } = (await res.json()) as BulkJobResponse
    const follow = async () =>
      ((await (await reps.request(`/bulk-actions/${job.id}`, { session: bo })).json()) as BulkJobResponse).job
    await expect.poll(async () => (await follow()).status).toBe('done')
    const result = (await follow()).result
    // Cy's now: refused, one by one, the first 200 named.
    expect(result).toMatchObject({ changed: 0, refusedCount: 1_200, batchId: null })
    expect(result?.refused).toHaveLength(200)
  })

  it('shows how far it has come as facts: rows checked of all while it checks, then that it writes', async () => {
    const gauges = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, i) => row(`gauge-${from + i}`, `Gaugewell ${from + i}`))
    await importAsRep(db, gauges(1000, 2000), bo.rep.id)
    await importAsRep(db, gauges(2000, 2500), cy.rep.id)
    // The job's second chunk of checks waits, as a slow one would: the first's counts are in.
    const held = holdCall(db, 'check_bulk_job_chunk', 2)
    const background = createBackgroundRecorder()
    const app = createRepTestApp(backend, { db: held.db, runInBackground: background.runInBackground })
    const session = await app.signIn('bo@example.com')
    const res = await app.request('/bulk-actions', {
      method: 'POST',
      session,
      body: JSON.stringify({ action: 'delete', filter: { list: 'prospects', query: 'q=gaugewell' } }),
    })
    expect(res.status).toBe(202)
    const started = ((await res.json()) as BulkJobResponse).job
    expect(started).toMatchObject({ status: 'running', phase: 'checking', checked: 0, total: 1_500 })
    await held.arrived
    const read = async () =>
      ((await (await app.request(`/bulk-actions/${started.id}`, { session })).json()) as BulkJobResponse).job
    expect(await read()).toMatchObject({ status: 'running', phase: 'checking', checked: 1_000, total: 1_500 })
    held.release()
    await background.settled()
    const done = await read()
    expect(done).toMatchObject({ status: 'done', phase: 'writing', checked: 1_500, refused: 500 })
    expect(done.writingSince).not.toBeNull()
    expect(done.result).toMatchObject({ changed: 1_000, refusedCount: 500 })
    expect([await ownerOf('gauge-1000'), await ownerOf('gauge-2000')]).toEqual(['gone', 'cy@example.com'])
  })

  it('writes nothing when it fails mid-way: in its checks, or in its one writing transaction', async () => {
    const rows = Array.from({ length: 1_500 }, (_, i) => row(`flint-${1000 + i}`, `Flintmoor ${i}`))
    await importAsRep(db, rows, bo.rep.id)
    const body = JSON.stringify({
      action: 'reassign',
      filter: { list: 'prospects', query: 'q=flintmoor' },
      ownerId: cy.rep.id,
    })
    const failed = async (app: RepTestApp, settled: () => Promise<void>) => {
      const session = await app.signIn('ann@example.com')
      const res = await app.request('/bulk-actions', { method: 'POST', session, body })
      expect(res.status).toBe(202)
      const { job } = (await res.json()) as BulkJobResponse
      await settled()
      return ((await (await app.request(`/bulk-actions/${job.id}`, { session })).json()) as BulkJobResponse)
        .job
    }
    const failedWords = 'The action could not be finished, so nothing was changed. Try it again in a moment.'

    // The second chunk of checks fails: nothing is written, and the job says so.
    const checks = failCall(db, 'check_bulk_job_chunk', 2)
    const first = createBackgroundRecorder()
    const checking = createRepTestApp(backend, { db: checks, runInBackground: first.runInBackground })
    expect(await failed(checking, first.settled)).toMatchObject({
      status: 'failed',
      phase: 'checking',
      checked: 1_000,
      error: failedWords,
    })
    expect([await ownerOf('flint-1000'), await ownerOf('flint-2499')]).toEqual([
      'bo@example.com',
      'bo@example.com',
    ])

    // The write fails on a row in the middle: the rows before it are not written either.
    await db.query(`create function public.fail_on_flint() returns trigger language plpgsql as $$
      begin if new.slug = 'flint-1700' then raise exception 'disk full'; end if; return new; end $$`)
    await db.query(`create trigger fail_on_flint before insert on public.prospect_audit
      for each row execute function public.fail_on_flint()`)
    try {
      const second = createBackgroundRecorder()
      const writing = createRepTestApp(backend, { runInBackground: second.runInBackground })
      expect(await failed(writing, second.settled)).toMatchObject({
        status: 'failed',
        phase: 'writing',
        checked: 1_500,
        error: failedWords,
      })
    } finally {
      await db.query('drop trigger fail_on_flint on public.prospect_audit')
      await db.query('drop function public.fail_on_flint()')
    }
    expect([await ownerOf('flint-1000'), await ownerOf('flint-2499')]).toEqual([
      'bo@example.com',
      'bo@example.com',
    ])
  })

  it('brings thousands back as a job, shown as writing from the start; a failure brings none back', async () => {
    const rows = Array.from({ length: 1_100 }, (_, i) => row(`ridge-${1000 + i}`, `Ridgemere ${i}`))
    await importAsRep(db, rows, bo.rep.id)
    const follow = async (app: RepTestApp, session: TestSession, id: string) =>
      ((await (await app.request(`/bulk-actions/${id}`, { session })).json()) as BulkJobResponse).job
    const deleted = createBackgroundRecorder()
    const deleter = createRepTestApp(backend, { runInBackground: deleted.runInBackground })
    const admin = await deleter.signIn('ann@example.com')
    const deleting = await deleter.request('/bulk-actions', {
      method: 'POST',
      session: admin,
      body: JSON.stringify({ action: 'delete', filter: { list: 'prospects', query: 'q=ridgemere' } }),
    })
    const deletion = ((await deleting.json()) as BulkJobResponse).job
    await deleted.settled()
    const batchId = (await follow(deleter, admin, deletion.id)).result?.batchId
    expect(batchId).toBeTruthy()
    const restore = (app: RepTestApp, session: TestSession) =>
      app.request(`/bulk-actions/deletions/${batchId}/restore`, { method: 'POST', session })

    // Another rep may not, and is told so at once, with no job made.
    expect((await restore(reps, bo)).status).toBe(403)

    // Its one transaction fails on a row in the middle: none comes back, and the job says so.
    await db.query(`create function public.fail_on_ridge() returns trigger language plpgsql as $$
      begin if new.slug = 'ridge-1500' and new.action = 'restore' then raise exception 'disk full'; end if;
      return new; end $$`)
    await db.query(`create trigger fail_on_ridge before insert on public.prospect_audit
      for each row execute function public.fail_on_ridge()`)
    try {
      const background = createBackgroundRecorder()
      const app = createRepTestApp(backend, { runInBackground: background.runInBackground })
      const session = await app.signIn('ann@example.com')
      const res = await restore(app, session)
      expect(res.status).toBe(202)
      const { job } = (await res.json()) as BulkJobResponse
      await background.settled()
      expect(await follow(app, session, job.id)).toMatchObject({
        status: 'failed',
        error: 'The action could not be finished, so nothing was changed. Try it again in a moment.',
      })
    } finally {
      await db.query('drop trigger fail_on_ridge on public.prospect_audit')
      await db.query('drop function public.fail_on_ridge()')
    }
    expect([await ownerOf('ridge-1000'), await ownerOf('ridge-2099')]).toEqual(['gone', 'gone'])

    // Held before its transaction begins: a read of the job answers, writing since it was made.
    const held = holdCall(db, 'run_restore_job', 1)
    const background = createBackgroundRecorder()
    const app = createRepTestApp(backend, { db: held.db, runInBackground: background.runInBackground })
    const session = await app.signIn('ann@example.com')
    const res = await restore(app, session)
    expect(res.status).toBe(202)
    expect(res.headers.get('Location')).toMatch(/^\/api\/reps\/bulk-actions\//)
    const { job } = (await res.json()) as BulkJobResponse
    expect(job).toMatchObject({ action: 'restore', status: 'running', phase: 'writing', total: 1_100 })
    await held.arrived
    expect(await follow(app, session, job.id)).toMatchObject({ status: 'running', phase: 'writing' })
    held.release()
    await background.settled()
    expect(await follow(app, session, job.id)).toMatchObject({
      status: 'done',
      result: null,
      restored: { restored: 1_100, already: 0, slugTaken: [] },
    })
    expect([await ownerOf('ridge-1000'), await ownerOf('ridge-2099')]).toEqual([
      'bo@example.com',
      'bo@example.com',
    ])
  })

  it('answers a job its server left running as failed, with nothing changed', async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.bulk_jobs (rep_id, action, total, created_at, updated_at)
       values ($1, 'delete', 5000, $2, $2) returning id`,
      [ann.rep.id, new Date(reps.clock.now().getTime() - 11 * 60_000).toISOString()],
    )
    const answer = await reps.request(`/bulk-actions/${rows[0]?.id}`, { session: ann })
    expect(((await answer.json()) as BulkJobResponse).job).toMatchObject({
      status: 'failed',
      error: 'The action was interrupted before it finished, so nothing was changed. Try it again.',
    })
  })
})

/** The database, but the `nth` call of function `name` waits until released. */
function holdCall(db: Db, name: string, nth: number) {
  let calls = 0
  return holdQuery(db, (text) => text.includes(`public.${name}(`) && ++calls === nth)
}

/** The database, but the `nth` call of function `name` fails as a lost connection would. */
function failCall(db: Db, name: string, nth: number): Db {
  let calls = 0
  return {
    async query<T>(text: string, params?: unknown[]) {
      if (text.includes(`public.${name}(`) && ++calls === nth) throw new Error('connection lost')
      return db.query<T>(text, params)
    },
  }
}
