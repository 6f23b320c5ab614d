import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../data/database.ts'
import {
  addTestProspect,
  clockInOwnMinute,
  createEventApp,
  newVisit,
  postEvents,
  readStoredEvents,
  scheduledEventUri,
} from '../testing/event-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { createGroupCommit } from './group-commit.ts'

/** A commit the test ends by hand, recording what each group held. */
function createManualCommit() {
  const groups: { items: readonly number[]; end: (error?: Error) => void }[] = []
  const commit = (items: readonly number[]) =>
    new Promise<readonly string[]>((resolve, reject) => {
      groups.push({ items, end: (error) => (error ? reject(error) : resolve(items.map((n) => `done ${n}`))) })
    })
  return { groups, commit }
}

const settled = <T>(promise: Promise<T>) => {
  const state: { value?: T; error?: unknown; done: boolean } = { done: false }
  promise.then(
    (value) => Object.assign(state, { value, done: true }),
    (error: unknown) => Object.assign(state, { error, done: true }),
  )
  return state
}

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve))
}

describe('createGroupCommit', () => {
  it('commits what was submitted together as one group, and the rest together once a commit ends', async () => {
    const { groups, commit } = createManualCommit()
    const submit = createGroupCommit({ commit, maxItems: 100, concurrency: 1 })
    const first = [1, 2, 3].map((n) => settled(submit(n)))
    await until(() => groups.length === 1)
    expect(groups[0]?.items).toEqual([1, 2, 3])
    const later = [4, 5].map((n) => settled(submit(n)))
    await new Promise((resolve) => setImmediate(resolve))
    // One commit at a time: 4 and 5 wait, and nothing is answered before its own commit ends.
    expect(groups).toHaveLength(1)
    expect([...first, ...later].some((state) => state.done)).toBe(false)
    groups[0]?.end()
    await until(() => groups.length === 2)
    expect(first.map((state) => state.value)).toEqual(['done 1', 'done 2', 'done 3'])
    expect(groups[1]?.items).toEqual([4, 5])
    expect(later.some((state) => state.done)).toBe(false)
    groups[1]?.end()
    await until(() => later.every((state) => state.done))
    expect(later.map((state) => state.value)).toEqual(['done 4', 'done 5'])
  })

  it('splits at the largest group, and runs up to `concurrency` commits at once', async () => {
    const { groups, commit } = createManualCommit()
    const submit = createGroupCommit({ commit, maxItems: 2, concurrency: 2 })
    const states = [1, 2, 3, 4, 5].map((n) => settled(submit(n)))
    await until(() => groups.length === 2)
    expect(groups.map((group) => group.items)).toEqual([
      [1, 2],
      [3, 4],
    ])
    groups[1]?.end()
    await until(() => groups.length === 3)
    expect(groups[2]?.items).toEqual([5])
    for (const group of groups) group.end()
    await until(() => states.every((state) => state.done))
    expect(states.map((state) => state.value)).toEqual(['done 1', 'done 2', 'done 3', 'done 4', 'done 5'])
  })

  it("rejects a failed commit's items only, with its error, and goes on with the next group", async () => {
    const { groups, commit } = createManualCommit()
    const submit = createGroupCommit({ commit, maxItems: 100, concurrency: 1 })
    const failing = [1, 2].map((n) => settled(submit(n)))
    await until(() => groups.length === 1)
    const next = settled(submit(3))
    const error = new Error('database down')
    groups[0]?.end(error)
    await until(() => groups.length === 2)
    expect(failing.map((state) => state.error)).toEqual([error, error])
    groups[1]?.end()
    await until(() => next.done)
    expect(next.value).toBe('done 3')
  })

  it('rejects every item when the commit answers a different number of results', async () => {
    const submit = createGroupCommit<number, string>({
      commit: async () => ['one'],
      maxItems: 100,
      concurrency: 1,
    })
    const results = await Promise.allSettled([submit(1), submit(2)])
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
  })
})

describe('POST /api/events: requests that arrive together', () => {
  let backend: TestBackend
  beforeAll(async () => {
    backend = await createTestBackend()
  })
  afterAll(() => backend.db.close())

  it('answers each request its own result, limits included, once all of them are stored', async () => {
    const app = createEventApp(backend, { perAddressMinute: 1, now: clockInOwnMinute() })
    const slug = await addTestProspect(backend)
    const visits = Array.from({ length: 12 }, () => newVisit())
    const requests = visits.map((visit, i) =>
      postEvents(
        app,
        { visit, events: Array.from({ length: (i % 3) + 1 }, () => ({ name: 'demo_call_started', slug })) },
        { ip: `198.51.100.${i + 1}` },
      ),
    )
    // Two from one address: exactly one of them fits its limit of one a minute.
    const twins = [0, 1].map(() =>
      postEvents(
        app,
        { visit: newVisit(), events: [{ name: 'meeting_booked', slug, eventUri: scheduledEventUri() }] },
        { ip: '198.51.100.99' },
      ),
    )
    const unknown = postEvents(
      app,
      {
        visit: newVisit(),
        events: [{ name: 'meeting_booked', slug: 'gone', eventUri: scheduledEventUri() }],
      },
      { ip: '198.51.100.98' },
    )
    const answers = await Promise.all(requests)
    for (const [i, res] of answers.entries()) {
      expect(res.status).toBe(202)
      expect(await res.json()).toEqual({ accepted: (i % 3) + 1 })
      expect(await readStoredEvents(backend, visits[i] as string)).toHaveLength((i % 3) + 1)
    }
    expect((await Promise.all(twins)).map((res) => res.status).sort()).toEqual([202, 429])
    expect(await (await unknown).json()).toEqual({ accepted: 0 })
  })

  it('answers 503 to the requests whose commit failed, and the next requests are stored again', async () => {
    let failNext = true
    const flaky: Db = {
      query(text, params) {
        if (failNext && text.includes('record_events')) {
          failNext = false
          return Promise.reject(new Error('connection reset'))
        }
        return backend.deps.db.query(text, params)
      },
    }
    const app = createEventApp(backend, {}, { db: flaky })
    const visit = newVisit()
    const failed = await postEvents(app, {
      visit,
      events: [{ name: 'demo_call_started', slug: 'harbor-realty' }],
    })
    expect(failed.status).toBe(503)
    expect(await readStoredEvents(backend, visit)).toEqual([])
    const retried = await postEvents(app, {
      visit,
      events: [{ name: 'demo_call_started', slug: 'harbor-realty' }],
    })
    expect(retried.status).toBe(202)
    expect(await readStoredEvents(backend, visit)).toHaveLength(1)
  })
})
