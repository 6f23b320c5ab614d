import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_HEADER, type ImportJob } from '#core/rep-api.ts'
import type { WebsiteReadProgress } from '#core/website-reading.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answer, errorAnswer, pending, SESSION } from '../testing/rep-fixtures.ts'
import { failedRow, progressOf } from '../testing/website-fixtures.ts'
import { ImportPage } from './import-page.tsx'
import { WEBSITE_POLL_INTERVAL_MS } from './use-website-progress.ts'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:links')
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  // The page comes back to a finished import by its address, as after a reload.
  window.history.replaceState(null, '', '/_/prospects/import?job=job-1')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
  sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

const WEBSITES_URL = '/api/reps/imports/job-1/websites'
const RETRY_URL = '/api/reps/prospects/broken-co/website-read'
const DONE_JOB: ImportJob = {
  id: 'job-1',
  status: 'done',
  total: 500,
  done: 500,
  result: { inserted: 500, updated: 0, unchanged: 0, links: [] },
  error: null,
  createdAt: '2027-01-04T09:00:00.000Z',
  updatedAt: '2027-01-04T09:01:00.000Z',
}
const websiteRequests = () => requests.filter((request) => request.url === WEBSITES_URL)
const answerWebsites = (progress: WebsiteReadProgress) =>
  answer(pending(requests, WEBSITES_URL), Response.json(progress))
const nextPoll = () => act(async () => vi.advanceTimersByTime(WEBSITE_POLL_INTERVAL_MS))
const websites = () => screen.getByRole('region', { name: "The prospects' websites" })
const failures = () => screen.getByRole('region', { name: /^Sites that could not be read/ })

async function finishImport() {
  render(<ImportPage />)
  await answer(pending(requests, '/api/reps/imports/job-1'), Response.json({ import: DONE_JOB }))
  screen.getByText('Imported 500 rows.')
}

describe('ImportPage: the imported rows’ websites', () => {
  it('follows the reading in words and as a bar, until no site is left to read', async () => {
    await finishImport()
    expect(websiteRequests()).toHaveLength(1)
    await answerWebsites(progressOf())
    const region = websites()
    expect(within(region).getByRole('status').textContent).toBe(
      "Reading the prospects' websites to fill in the details left empty…",
    )
    const bar = within(region).getByRole('progressbar', { name: 'Websites read' }) as HTMLProgressElement
    expect([bar.value, bar.max]).toEqual([435, 500])
    expect(bar.getAttribute('aria-valuetext')).toBe('412 of 500 sites read, 23 could not be read')
    within(region).getByText(/^412 of 500 sites read, 23 could not be read\. You may leave this page/)

    await nextPoll()
    expect(websiteRequests()).toHaveLength(2)
    await answerWebsites(progressOf({ read: 477, pending: 0 }))
    expect(within(websites()).getByRole('status').textContent).toBe('Finished reading the websites.')
    expect((within(websites()).getByRole('progressbar') as HTMLProgressElement).value).toBe(500)
    // Nothing left to read: asked no more.
    await act(async () => vi.advanceTimersByTime(WEBSITE_POLL_INTERVAL_MS * 5))
    expect(websiteRequests()).toHaveLength(2)
  })

  it('lists each site that could not be read with why, an Edit link, and Try again', async () => {
    await finishImport()
    await answerWebsites(progressOf({ read: 477, pending: 0 }))
    const item = within(failures()).getByRole('listitem')
    expect(item.textContent).toContain('Broken Site Co')
    expect(item.textContent).toContain('https://broken.example/')
    expect(item.textContent).toContain('The site did not answer in 8 seconds')
    expect(within(item).getByRole('link', { name: 'Edit Broken Site Co' }).getAttribute('href')).toBe(
      '/_/prospects/broken-co/edit',
    )

    fireEvent.click(within(item).getByRole('button', { name: "Try again to read Broken Site Co's site" }))
    const retry = pending(requests, RETRY_URL)
    expect(retry.method).toBe('POST')
    expect(retry.headers.get(CSRF_HEADER)).toBe(SESSION.csrfToken)
    expect(item.textContent).toContain('Reading again…')
    const queued = failedRow({ status: 'queued', error: null, updatedAt: '2027-01-04T10:00:00.000Z' })
    await answer(retry, Response.json({ row: queued }, { status: 202 }))
    // Followed again: an answer from before the retry changes nothing…
    expect(websiteRequests()).toHaveLength(2)
    await answerWebsites(progressOf({ read: 477, pending: 0 }))
    expect(within(failures()).getByRole('listitem').textContent).toContain('Reading again…')
    // …while it is read it is no failure to the server, but stays listed here…
    await nextPoll()
    await answerWebsites(progressOf({ read: 477, failed: 22, pending: 1, failures: [] }))
    expect(within(failures()).getByRole('listitem').textContent).toContain('Reading again…')
    // …until it fails anew, with its reason.
    await nextPoll()
    const again = failedRow({ error: 'That page is not a web page', updatedAt: '2027-01-04T10:00:03.000Z' })
    await answerWebsites(progressOf({ read: 477, pending: 0, failures: [again] }))
    const retried = within(failures()).getByRole('listitem')
    expect(retried.textContent).toContain('That page is not a web page')
    expect(retried.textContent).not.toContain('Reading again…')
    await act(async () => vi.advanceTimersByTime(WEBSITE_POLL_INTERVAL_MS * 5))
    expect(websiteRequests()).toHaveLength(4)
  })

  it('says so when a site read again is read, and when the retry is refused', async () => {
    await finishImport()
    const other = failedRow({ slug: 'other-co', companyName: 'Other Co', website: 'https://other.example/' })
    await answerWebsites(progressOf({ read: 476, failed: 24, pending: 0, failures: [failedRow(), other] }))
    fireEvent.click(screen.getByRole('button', { name: "Try again to read Broken Site Co's site" }))
    const queued = failedRow({ status: 'queued', error: null, updatedAt: '2027-01-04T10:00:00.000Z' })
    await answer(pending(requests, RETRY_URL), Response.json({ row: queued }, { status: 202 }))
    await answerWebsites(progressOf({ read: 477, failed: 23, pending: 0, failures: [other] }))
    const items = within(failures()).getAllByRole('listitem')
    // In the place it had, so the list does not jump under the rep's pointer.
    expect(items.map((item) => item.firstElementChild?.textContent)).toEqual(['Broken Site Co', 'Other Co'])
    expect(items[0]?.textContent).toContain('Read: its details are filled in.')
    expect(within(items[0] as HTMLElement).queryByRole('button')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: "Try again to read Other Co's site" }))
    await answer(
      pending(requests, '/api/reps/prospects/other-co/website-read'),
      errorAnswer(403, 'not_your_prospect', 'This prospect is owned by bob@example.com.'),
    )
    const refused = within(failures()).getAllByRole('listitem')[1] as HTMLElement
    expect(refused.textContent).toContain('This prospect is owned by bob@example.com.')
    within(refused).getByRole('button', { name: "Try again to read Other Co's site" })
  })

  it('shows nothing when no imported row has a website', async () => {
    await finishImport()
    await answerWebsites(progressOf({ total: 0, read: 0, failed: 0, pending: 0, failures: [] }))
    expect(screen.queryByRole('region', { name: "The prospects' websites" })).toBeNull()
    await act(async () => vi.advanceTimersByTime(WEBSITE_POLL_INTERVAL_MS * 3))
    expect(websiteRequests()).toHaveLength(1)
  })

  it('stops asking once the page is left', async () => {
    await finishImport()
    await answerWebsites(progressOf())
    cleanup()
    await act(async () => vi.advanceTimersByTime(WEBSITE_POLL_INTERVAL_MS * 3))
    expect(websiteRequests()).toHaveLength(1)
  })
})
