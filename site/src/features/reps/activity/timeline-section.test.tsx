import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answer, errorAnswer, pending, SESSION } from '../testing/rep-fixtures.ts'
import { TIMELINE } from './activity-test-answers.ts'
import { TimelineSection } from './timeline-section.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
})

const URL = '/api/reps/prospects/zed-plumbing/timeline'

describe('TimelineSection', () => {
  it('shows the stage, hot, and each entry in plain words, newest first', async () => {
    render(<TimelineSection slug="zed-plumbing" />)
    screen.getByText('Loading the timeline…')
    await answer(pending(requests, URL), Response.json(TIMELINE))
    const section = screen.getByRole('region', { name: 'Timeline' })
    within(section).getByText('Asked for a call')
    within(section).getByText('Hot')
    const entries = within(section)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement?.parentElement === section)
    expect(entries.map((entry) => entry.querySelector('p')?.textContent)).toEqual([
      'Phone call report · 1 min 35 s · 5 min ago',
      'Asked for a phone call · we called them · 7 min ago',
      'Talked to the agent in the browser · 3 min 12 s · 15 min ago',
      'Opened the page on acme.example (partner page, as the page reported) · 25 min ago',
      'The page says they booked a call (not confirmed) · 3 days ago',
    ])
    within(section).getByText('They hung up')
    within(section).getByText('Wants a demo for the front desk.')
  })

  it('names the sites where the demo was seen, newest first, its page on this site in words, as the pages reported them', async () => {
    render(<TimelineSection slug="zed-plumbing" />)
    const seenOn = [
      TIMELINE.seenOn[0],
      { origin: window.location.origin, lastAt: '2026-03-01T09:00:00.000Z', page: null },
    ]
    await answer(pending(requests, URL), Response.json({ ...TIMELINE, seenOn }))
    const heading = screen.getByRole('heading', { name: 'Where the demo was seen' })
    const sites = within(heading.parentElement as HTMLElement).getAllByRole('listitem')
    expect(sites.map((site) => site.textContent)).toEqual([
      'zedplumbing.example · last seen 1 h ago',
      'Its page on this site · last seen 1 day ago',
    ])
    // A browser names its page's site; any other client could name any: the rep reads it as such.
    within(heading.parentElement as HTMLElement).getByText('As the pages reported it.')
  })

  it('names each page that showed the demo by its title, linked to it, with its site; never links what is no web page', async () => {
    render(<TimelineSection slug="zed-plumbing" />)
    const post = 'https://zedplumbing.example/blog/meet-our-assistant'
    const seenOn = [
      {
        origin: 'https://zedplumbing.example',
        lastAt: '2026-03-02T13:00:00.000Z',
        page: { url: post, title: 'Meet our assistant' },
      },
      {
        origin: 'https://zedplumbing.example',
        lastAt: '2026-03-02T12:00:00.000Z',
        page: { url: 'https://zedplumbing.example/contact', title: '' },
      },
      {
        origin: 'https://zedplumbing.example',
        lastAt: '2026-03-01T09:00:00.000Z',
        page: { url: 'javascript:alert(1)', title: 'Bad' },
      },
      TIMELINE.seenOn[0],
    ]
    await answer(pending(requests, URL), Response.json({ ...TIMELINE, seenOn }))
    const heading = screen.getByRole('heading', { name: 'Where the demo was seen' })
    const list = heading.parentElement as HTMLElement
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((site) => site.textContent),
    ).toEqual([
      'Meet our assistant (opens in a new tab) on zedplumbing.example · last seen 1 h ago',
      '/contact (opens in a new tab) on zedplumbing.example · last seen 2 h ago',
      'zedplumbing.example · last seen 1 day ago',
      'zedplumbing.example · last seen 1 h ago',
    ])
    const link = within(list).getByRole('link', { name: 'Meet our assistant (opens in a new tab)' })
    expect([link.getAttribute('href'), link.getAttribute('target'), link.getAttribute('rel')]).toEqual([
      post,
      '_blank',
      'noopener noreferrer',
    ])
    expect(within(list).getAllByRole('link')).toHaveLength(2)
  })

  it('says plainly when the demo was not seen on any page yet', async () => {
    render(<TimelineSection slug="zed-plumbing" />)
    await answer(pending(requests, URL), Response.json({ ...TIMELINE, seenOn: [] }))
    screen.getByText(/^Not seen on any page yet\./)
    expect(screen.queryByText('As the pages reported it.')).toBeNull()
  })

  it('keeps a call’s transcript folded until asked', async () => {
    render(<TimelineSection slug="zed-plumbing" />)
    await answer(pending(requests, URL), Response.json(TIMELINE))
    const details = screen.getByText('Transcript (2 lines)').closest('details') as HTMLDetailsElement
    expect(details.open).toBe(false)
    fireEvent.click(screen.getByText('Transcript (2 lines)'))
    expect(details.open).toBe(true)
    expect(
      within(details)
        .getAllByRole('listitem')
        .map((line) => line.textContent),
    ).toEqual(['Agent: Hi, this is the Zed Plumbing assistant.', 'Prospect: Can it book jobs?'])
  })

  it('says so in plain words when nothing happened yet, and shows a failure with Try again', async () => {
    render(<TimelineSection slug="zed-plumbing" />)
    await answer(
      pending(requests, URL),
      Response.json({ ...TIMELINE, stage: 'sent', hot: false, entries: [] }),
    )
    screen.getByText('No activity yet. The link has not been opened.')
    screen.getByText('Sent')
    cleanup()

    render(<TimelineSection slug="zed-plumbing" />)
    await answer(pending(requests, URL), errorAnswer(404, 'prospect_not_found', 'Prospect not found.'))
    expect(screen.getByRole('alert').textContent).toBe('Prospect not found.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(requests.filter((request) => request.url === URL)).toHaveLength(3)
  })
})
