import type { ActivityListResponse, ActivitySummary, TimelineResponse } from '#core/engagement.ts'
import { ANN } from '../testing/rep-fixtures.ts'

export const AS_OF = '2026-03-02T14:05:00.000Z'

const ZED: ActivitySummary = {
  slug: 'zed-plumbing',
  name: 'Zed Young',
  companyName: 'Zed Plumbing',
  owner: { id: ANN.id, email: ANN.email },
  stage: 'booked',
  hot: true,
  latestAt: '2026-03-02T14:02:00.000Z',
  visits: 3,
  talkSeconds: 192,
}
const QUIET: ActivitySummary = {
  slug: 'harbor-realty',
  name: 'James Carter',
  companyName: 'Harbor Realty Group',
  owner: null,
  stage: 'sent',
  hot: false,
  latestAt: null,
  visits: 0,
  talkSeconds: 0,
}

/** An activity answer: Zed (booked, hot, 3 min before AS_OF) and Harbor (nothing yet), of `total`. */
export const activityAnswer = (total = 2, page = 1): ActivityListResponse => ({
  prospects: [ZED, QUIET],
  total,
  page,
  pageSize: 50,
  asOf: AS_OF,
})

export const TIMELINE: TimelineResponse = {
  slug: 'zed-plumbing',
  stage: 'asked_call',
  hot: true,
  asOf: AS_OF,
  seenOn: [
    { origin: 'https://zedplumbing.example', lastAt: '2026-03-02T13:00:00.000Z', page: null },
    { origin: 'http://127.0.0.1:8787', lastAt: '2026-03-01T09:00:00.000Z', page: null },
  ],
  entries: [
    {
      kind: 'call_report',
      at: '2026-03-02T14:00:00.000Z',
      source: 'phone',
      seconds: 95,
      endedReason: 'customer-ended-call',
      summary: 'Wants a demo for the front desk.',
      transcript: [
        { speaker: 'agent', text: 'Hi, this is the Zed Plumbing assistant.' },
        { speaker: 'prospect', text: 'Can it book jobs?' },
      ],
    },
    {
      kind: 'event',
      at: '2026-03-02T13:58:00.000Z',
      name: 'phone_call_placed',
      visit: 'abcd1234',
      detail: {},
    },
    {
      kind: 'event',
      at: '2026-03-02T13:50:00.000Z',
      name: 'demo_call_ended',
      visit: 'abcd1234',
      detail: { seconds: 192 },
    },
    {
      kind: 'event',
      at: '2026-03-02T13:40:00.000Z',
      name: 'page_opened',
      visit: 'abcd1234',
      detail: { surface: 'embed', origin: 'https://acme.example' },
    },
    { kind: 'event', at: '2026-02-27T10:00:00.000Z', name: 'meeting_booked', visit: 'ffff0000', detail: {} },
  ],
}
