import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TimelineResponse } from '#core/engagement.ts'
import { createActivityRows, visitId } from '../testing/activity-rows.ts'
import { createRepTestApp, type RepTestApp, type TestSession } from '../testing/rep-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'

// "Where the demo was seen" names each partner page that showed it, with the title it last had, so a
// rep knows which post or page a prospect's demo is on; opens that named no page still show their site.

let backend: TestBackend
let reps: RepTestApp
let ann: TestSession
beforeAll(async () => {
  backend = await createTestBackend()
  reps = createRepTestApp(backend)
  await reps.addRep('ann@example.com')
  ann = await reps.signIn('ann@example.com')
  const body = {
    slug: 'seen-dental',
    name: 'Maya',
    company_name: 'Seen Dental',
    first_message: 'Hi',
    system: 'S',
  }
  expect(
    (await reps.request('/prospects', { method: 'POST', session: ann, body: JSON.stringify(body) })).status,
  ).toBe(201)
})
afterAll(() => backend.db.close())

const ago = (hours: number) => new Date(reps.clock.now().getTime() - hours * 3_600_000).toISOString()

it('lists each page that showed the demo with its latest title, and the sites whose opens named none', async () => {
  const rows = createActivityRows(backend.db, reps.clock.now)
  const partner = 'https://bright-smile.example'
  const post = `${partner}/blog/meet-our-assistant`
  const opened = (hoursAgo: number, n: number, detail: Record<string, string>) =>
    rows.event('seen-dental', 'page_opened', { hoursAgo, visit: visitId(n), detail })
  await opened(50, 1, { surface: 'embed', origin: partner })
  await opened(40, 2, { surface: 'embed', origin: partner, page_url: post, page_title: 'Draft title' })
  await opened(5, 3, { surface: 'embed', origin: partner, page_url: post, page_title: 'Meet our assistant' })
  await opened(20, 4, {
    surface: 'embed',
    origin: partner,
    page_url: `${partner}/contact`,
    page_title: 'Contact',
  })
  await opened(30, 5, { surface: 'site', origin: 'http://127.0.0.1' })

  const res = await reps.request('/prospects/seen-dental/timeline', { session: ann })
  const { seenOn } = (await res.json()) as TimelineResponse
  expect(seenOn).toEqual([
    { origin: partner, lastAt: ago(5), page: { url: post, title: 'Meet our assistant' } },
    { origin: partner, lastAt: ago(20), page: { url: `${partner}/contact`, title: 'Contact' } },
    { origin: 'http://127.0.0.1', lastAt: ago(30), page: null },
    { origin: partner, lastAt: ago(50), page: null },
  ])
})
