import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BulkJob, BulkResponse, BulkResult } from '#core/rep-api.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { ANN, answer, listAnswer, pending, SESSION } from '../testing/rep-fixtures.ts'
import { ProspectListPage } from './prospect-list-page.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  window.history.replaceState(null, '', '/_/prospects?owner=all&q=dental')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
  vi.useRealTimers()
  window.history.replaceState(null, '', '/')
})

const LIST = /^\/api\/reps\/prospects\?/
const BULK = '/api/reps/bulk-actions'
const reps = { reps: [{ ...ANN, disabled: false }] }

async function showList(total = 120) {
  render(<ProspectListPage />)
  await answer(pending(requests, LIST), Response.json(listAnswer(total)))
  // The owner filter's list of reps, and the bulk bar's once the list shows.
  for (const request of requests.filter((r) => r.url === '/api/reps/reps')) {
    await answer(request, Response.json(reps))
  }
}

const result = (change: Partial<BulkResult>): BulkResponse => ({
  result: {
    action: 'reassign',
    total: 2,
    changed: 2,
    unchanged: 0,
    missing: 0,
    refusedCount: 0,
    refused: [],
    batchId: null,
    ...change,
  },
})

const bodyOf = (url: string) => JSON.parse(String(pending(requests, url).body))

describe('bulk actions on the prospects list', () => {
  it('ticks rows, then every row of the page, then every prospect the filter matches', async () => {
    await showList()
    expect(screen.queryByRole('button', { name: 'Reassign' })).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company 1-0 (Contact 0)' }))
    screen.getByText('1 prospect selected', { exact: false })
    const page = screen.getByRole('checkbox', { name: 'Select all on this page' }) as HTMLInputElement
    expect(page.indeterminate).toBe(true)
    fireEvent.click(page)
    expect(page.checked).toBe(true)
    screen.getByText('50 prospects selected', { exact: false })
    fireEvent.click(screen.getByRole('button', { name: 'Select all 120 prospects matching this filter' }))
    screen.getByText('All 120 prospects matching this filter selected', { exact: false })

    fireEvent.change(screen.getByLabelText('New owner'), { target: { value: ANN.id } })
    fireEvent.click(screen.getByRole('button', { name: 'Reassign' }))
    // The filter the list has in its address, named once: the server counts the rows when it runs.
    expect(bodyOf(BULK)).toEqual({
      action: 'reassign',
      filter: { list: 'prospects', query: 'q=dental&sort=company&dir=asc&page=1' },
      ownerId: ANN.id,
    })
    expect(pending(requests, BULK).headers.get('X-CSRF-Token')).toBe(SESSION.csrfToken)
  })

  it('says what it did, lists each row left alone with why, and reads the list again', async () => {
    await showList()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company 1-0 (Contact 0)' }))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company 1-1 (Contact 1)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Re-read websites' }))
    expect(bodyOf(BULK)).toEqual({ action: 'reread', slugs: ['prospect-1-0', 'prospect-1-1'] })
    const lists = requests.filter((r) => LIST.test(r.url)).length
    await answer(
      pending(requests, BULK),
      Response.json(
        result({
          action: 'reread',
          changed: 1,
          refusedCount: 1,
          refused: [
            {
              slug: 'prospect-1-1',
              name: 'Contact 1',
              companyName: 'Company 1-1',
              reason: 'It has no website to read.',
            },
          ],
        }),
      ),
    )
    screen.getByText('Queued the websites of 1 prospect.')
    screen.getByText('1 prospect left as it was:')
    screen.getByText('Company 1-1 (Contact 1): It has no website to read.')
    expect(requests.filter((r) => LIST.test(r.url)).length).toBe(lists + 1)
    // The selection is spent.
    expect(screen.queryByRole('button', { name: 'Re-read websites' })).toBeNull()
  })

  it('asks before deleting, then offers to undo the whole batch', async () => {
    await showList()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company 1-0 (Contact 0)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }))
    expect(requests.some((r) => r.url === BULK)).toBe(false)
    screen.getByText('Delete 1 prospect?')
    fireEvent.click(screen.getByRole('button', { name: 'Keep them' }))
    expect(requests.some((r) => r.url === BULK)).toBe(false)
    fireEvent.click(screen.getByRole('button', { name: 'Delete…' }))
    fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }))
    expect(bodyOf(BULK)).toEqual({ action: 'delete', slugs: ['prospect-1-0'] })
    await answer(
      pending(requests, BULK),
      Response.json(
        result({ action: 'delete', total: 1, changed: 1, batchId: 'b1b1b1b1-0000-4000-8000-000000000000' }),
      ),
    )
    screen.getByText('Deleted 1 prospect.', { exact: false })
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }))
    const restore = '/api/reps/bulk-actions/deletions/b1b1b1b1-0000-4000-8000-000000000000/restore'
    expect(pending(requests, restore).method).toBe('POST')
    await answer(pending(requests, restore), Response.json({ restored: 1, already: 0, slugTaken: [] }))
    screen.getByText('Brought back 1 prospect.')
  })

  it('shows the server’s refusal of the whole request in its words', async () => {
    await showList()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company 1-0 (Contact 0)' }))
    fireEvent.change(screen.getByLabelText('New owner'), { target: { value: ANN.id } })
    fireEvent.click(screen.getByRole('button', { name: 'Reassign' }))
    await answer(
      pending(requests, BULK),
      Response.json(
        { error: { code: 'prospect_invalid', message: 'The new owner must be an enabled rep.' } },
        { status: 422 },
      ),
    )
    expect(screen.getByRole('alert').textContent).toBe('The new owner must be an enabled rep.')
    // Nothing was done, so the rows stay ticked for another try.
    expect(
      (screen.getByRole('checkbox', { name: 'Select Company 1-0 (Contact 0)' }) as HTMLInputElement).checked,
    ).toBe(true)
  })

  it('starts a new selection when the filter changes', async () => {
    await showList()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company 1-0 (Contact 0)' }))
    const section = screen.getByRole('region', { name: 'Selected prospects' })
    within(section).getByText('1 prospect selected', { exact: false })
    fireEvent.change(screen.getByLabelText('Owner'), { target: { value: 'me' } })
    await answer(pending(requests, LIST), Response.json(listAnswer(3)))
    expect(within(section).queryByText('1 prospect selected', { exact: false })).toBeNull()
  })

  it('follows a large action’s job on the server until it is done', async () => {
    await showList()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all on this page' }))
    fireEvent.click(screen.getByRole('button', { name: 'Select all 120 prospects matching this filter' }))
    fireEvent.change(screen.getByLabelText('New owner'), { target: { value: ANN.id } })
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    fireEvent.click(screen.getByRole('button', { name: 'Reassign' }))
    const job: BulkJob = {
      id: 'j0b00000-0000-4000-8000-000000000000',
      status: 'running',
      action: 'reassign',
      total: 5000,
      phase: 'checking',
      checked: 0,
      refused: 0,
      writingSince: null,
      restored: null,
      result: null,
      error: null,
      createdAt: '2026-03-02T14:00:00.000Z',
      updatedAt: '2026-03-02T14:00:00.000Z',
    }
    await answer(pending(requests, BULK), Response.json({ job }, { status: 202 }))
    screen.getByText(/^Reassigning 5,000 prospects on the server/)
    const jobUrl = `/api/reps/bulk-actions/${job.id}`
    expect(requests.some((r) => r.url === jobUrl)).toBe(false)
    await act(() => vi.advanceTimersByTimeAsync(1000))
    // The server's counts, as they are: rows checked of all, then the write, which has none.
    const checking: BulkJob = { ...job, checked: 2000, refused: 300 }
    await answer(pending(requests, jobUrl), Response.json({ job: checking }))
    const bar = screen.getByRole('progressbar', { name: 'Checking the prospects' })
    expect([bar.getAttribute('aria-valuenow'), bar.getAttribute('aria-valuemax')]).toEqual(['2000', '5000'])
    expect(bar.getAttribute('aria-valuetext')).toBe('Checked 2,000 of 5,000')
    screen.getByText('Checked 2,000 of 5,000 · 300 you may not change, left as they are')
    // Said politely once a tenth, not at every poll.
    expect(screen.getByText('Checked 40 %').closest('[aria-live="polite"]')).not.toBeNull()
    await act(() => vi.advanceTimersByTimeAsync(1000))
    const writing: BulkJob = {
      ...job,
      checked: 5000,
      refused: 300,
      phase: 'writing',
      writingSince: '2026-03-02T14:00:05.000Z',
    }
    await answer(pending(requests, jobUrl), Response.json({ job: writing }))
    const indeterminate = screen.getByRole('progressbar', { name: 'Writing the change' })
    expect(indeterminate.getAttribute('aria-valuenow')).toBeNull()
    screen.getByText('Writing…', { selector: '.sr-only' })
    await act(() => vi.advanceTimersByTimeAsync(1000))
    const done = { ...job, status: 'done', result: result({ total: 5000, changed: 5000 }).result }
    await answer(pending(requests, jobUrl), Response.json({ job: done }))
    screen.getByText('Reassigned 5,000 prospects.')
    expect(screen.queryByRole('progressbar')).toBeNull()
  })

  it('says so when a large action failed, and that nothing changed', async () => {
    await showList()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Company 1-0 (Contact 0)' }))
    fireEvent.click(screen.getByRole('button', { name: 'Re-read websites' }))
    const failed = {
      id: 'j0b00000-0000-4000-8000-000000000001',
      status: 'failed',
      action: 'reread',
      total: 5000,
      phase: 'writing',
      checked: 5000,
      refused: 0,
      writingSince: '2026-03-02T14:00:05.000Z',
      restored: null,
      result: null,
      error: 'The action could not be finished, so nothing was changed. Try it again in a moment.',
      createdAt: '2026-03-02T14:00:00.000Z',
      updatedAt: '2026-03-02T14:00:00.000Z',
    }
    await answer(pending(requests, BULK), Response.json({ job: failed }, { status: 202 }))
    expect(screen.getByRole('alert').textContent).toBe(failed.error)
  })
})
