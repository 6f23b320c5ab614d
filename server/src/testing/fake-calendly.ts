import { createServer } from 'node:http'
import { listenOnLoopback } from './listen-loopback.ts'

export interface FakeScheduledEvent {
  status: 'active' | 'canceled'
  createdAt: Date
  /** The host's name, as Calendly lists it in `event_memberships[].user_name`; absent: no members listed. */
  host?: string
}

/** The personal access token the fake takes; any other is answered 401 as Calendly does. */
export const FAKE_CALENDLY_TOKEN = 'fake-calendly-personal-access-token'

/**
 * A loopback fake of Calendly's API for the scheduled events of one account: `GET
 * /scheduled_events/{uuid}` with the account's bearer token answers `{ resource }` as Calendly
 * documents it, 404 for an event it does not hold (another account's, or none), 401 for another token.
 * `down()` makes it answer 503 from then on.
 */
export async function startFakeCalendly() {
  const events = new Map<string, FakeScheduledEvent>()
  const asked: string[] = []
  let unavailable = false
  const server = createServer((request, response) => {
    const path = request.url ?? ''
    asked.push(path)
    const send = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body))
    if (unavailable) return send(503, { title: 'Service Unavailable' })
    if (request.headers.authorization !== `Bearer ${FAKE_CALENDLY_TOKEN}`) {
      return send(401, { title: 'Unauthenticated', message: 'The access token is invalid' })
    }
    const id = /^\/scheduled_events\/([A-Za-z0-9-]+)$/.exec(path)?.[1]
    const event = id === undefined ? undefined : events.get(id)
    if (request.method !== 'GET' || !event) {
      return send(404, {
        title: 'Resource Not Found',
        message: 'The server could not find the requested resource.',
      })
    }
    send(200, {
      resource: {
        uri: `${url}/scheduled_events/${id}`,
        name: '15 Minute Meeting',
        status: event.status,
        created_at: event.createdAt.toISOString(),
        updated_at: event.createdAt.toISOString(),
        start_time: new Date(event.createdAt.getTime() + 86400_000).toISOString(),
        end_time: new Date(event.createdAt.getTime() + 86400_000 + 900_000).toISOString(),
        ...(event.host === undefined ? {} : { event_memberships: [{ user_name: event.host }] }),
      },
    })
  })
  const { url, close } = await listenOnLoopback(server)
  return {
    url,
    /** Paths asked for, in order. */
    asked,
    /** Books `id` in the account; answers the address Calendly's message to the page would carry. */
    book(id: string, event: FakeScheduledEvent): string {
      events.set(id, event)
      return `${url}/scheduled_events/${id}`
    },
    down() {
      unavailable = true
    },
    close,
  }
}
