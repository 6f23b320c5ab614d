import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { createProspectAnswers, SERVER_CACHE_SECONDS } from './prospect-answers.ts'

let backend: TestBackend
beforeAll(async () => {
  backend = await createTestBackend()
})
afterAll(() => backend.db.close())

const NO_DEMOS = { browserCall: false, phoneCall: false, videoCall: false }

function answersAt(clock: { ms: number }) {
  return createProspectAnswers({
    db: backend.deps.db,
    templates: backend.deps.templates,
    features: () => NO_DEMOS,
    now: () => clock.ms,
  })
}

it('answers a slug, or the fallback for an unknown one, with the JSON body and its ETag', async () => {
  const answers = answersAt({ ms: 0 })
  const known = await answers.get('bright-smile-dental')
  expect(known?.response).toMatchObject({ fallback: false, prospect: { companyName: 'Bright Smile Dental' } })
  expect(JSON.parse(known?.json ?? '')).toEqual(known?.response)
  const unknown = await answers.get('nobody-at-all')
  expect(unknown?.response).toMatchObject({ fallback: true, prospect: { slug: 'visitor' } })
  expect(unknown?.etag).not.toBe(known?.etag)
})

it('keeps an answer for its half of the cache time, so a change shows once that is over', async () => {
  const clock = { ms: 1_000_000 }
  const answers = answersAt(clock)
  const rename = (name: string) =>
    backend.db.query(`update public.prospects set company_name = $1 where slug = 'harbor-realty'`, [name])
  const before = await answers.get('harbor-realty')
  await rename('Harbor Homes Renamed')
  clock.ms += SERVER_CACHE_SECONDS * 1000 - 1
  expect((await answers.get('harbor-realty'))?.etag).toBe(before?.etag)
  clock.ms += 1
  const after = await answers.get('harbor-realty')
  expect(after?.response.prospect.companyName).toBe('Harbor Homes Renamed')
  expect(after?.etag).not.toBe(before?.etag)
})

it('does not remember a failure: the next read asks the database again', async () => {
  let fail = true
  const failing = createProspectAnswers({
    db: backend.deps.db,
    templates: backend.deps.templates,
    features: () => {
      if (fail) throw new Error('not now')
      return NO_DEMOS
    },
    now: () => 0,
  })
  await expect(failing.get('bright-smile-dental')).rejects.toThrow('not now')
  fail = false
  expect((await failing.get('bright-smile-dental'))?.response.fallback).toBe(false)
})

it('reads a slug asked for in its last second again in the background, sending the remembered answer meanwhile', async () => {
  const clock = { ms: 2_000_000 }
  let reads = 0
  const answers = createProspectAnswers({
    db: backend.deps.db,
    templates: backend.deps.templates,
    features: () => {
      reads += 1
      return NO_DEMOS
    },
    now: () => clock.ms,
  })
  const rename = (name: string) =>
    backend.db.query(`update public.prospects set company_name = $1 where slug = 'sunset-plumbing'`, [name])
  await backend.db.query(
    `insert into public.prospects (slug, name, company_name, first_message, system)
     values ('sunset-plumbing', 'Sam', 'Sunset Plumbing', 'Hi Sam!', 'You are a receptionist.')`,
  )
  const before = await answers.get('sunset-plumbing')
  await rename('Sunset Plumbing Renamed')
  clock.ms += SERVER_CACHE_SECONDS * 1000 - 500
  // Sent at once from memory (never older than the cache time allows), and read again behind it.
  expect(await answers.get('sunset-plumbing')).toBe(before)
  clock.ms += 100
  await vi.waitFor(async () =>
    expect((await answers.get('sunset-plumbing'))?.response.prospect.companyName).toBe(
      'Sunset Plumbing Renamed',
    ),
  )
  // Past the first read's lifetime, the background read's answer is still sent: no read of its own.
  clock.ms += 1000
  expect((await answers.get('sunset-plumbing'))?.response.prospect.companyName).toBe(
    'Sunset Plumbing Renamed',
  )
  expect(reads).toBe(2)
})

it('keeps the same answer object when a read finds nothing changed, so what was made from it is reused', async () => {
  const clock = { ms: 3_000_000 }
  const answers = answersAt(clock)
  const first = await answers.get('bright-smile-dental')
  clock.ms += SERVER_CACHE_SECONDS * 1000
  expect(await answers.get('bright-smile-dental')).toBe(first)
})
