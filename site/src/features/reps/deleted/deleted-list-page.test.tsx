import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { BulkJob, DeletedProspectListResponse, DeletedProspectSummary } from '#core/rep-api.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { ANN, answer, pending, SESSION } from '../testing/rep-fixtures.ts'
import { DeletedListPage } from './deleted-list-page.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  window.history.replaceState(null, '', '/_/deleted')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

const BATCH = 'b1b1b1b1-0000-4000-8000-000000000000'
const deleted = (slug: string, companyName: string, batchId: string | null): DeletedProspectSummary => ({
  id: `00000000-0000-4000-8000-${slug.length.toString().padStart(12, '0')}`,
  slug,
  name: 'Someone',
  companyName,
  owner: ANN,
  deleted: { at: '2026-03-02T14:05:00Z', rep: ANN },
  batchId,
})
const page = (prospects: DeletedProspectSummary[]): DeletedProspectListResponse => ({
  prospects,
  total: prospects.length,
  page: 1,
  pageSize: 50,
})

describe('DeletedListPage', () => {
  it('brings a bulk delete back from any of its rows, then reads the list again', async () => {
    render(<DeletedListPage />)
    await answer(
      pending(requests, '/api/reps/deleted-prospects?page=1'),
      Response.json(page([deleted('quay-a', 'Quayside A', BATCH), deleted('alone', 'Alone Ltd', null)])),
    )
    // A prospect deleted alone has no batch to bring back.
    expect(screen.getAllByRole('button', { name: /^Bring back/ })).toHaveLength(1)
    fireEvent.click(
      screen.getByRole('button', { name: 'Bring back with the others deleted together (Quayside A)' }),
    )
    const restore = `/api/reps/bulk-actions/deletions/${BATCH}/restore`
    expect(pending(requests, restore).method).toBe('POST')
    await answer(
      pending(requests, restore),
      Response.json({ restored: 1, already: 0, slugTaken: ['quay-b'] }),
    )
    screen.getByText('Brought back 1 prospect. Left deleted, as a new prospect has their link now: quay-b.')
    const lists = requests.filter((r) => r.url === '/api/reps/deleted-prospects?page=1')
    expect(lists).toHaveLength(2)
  })

  it('follows a batch of thousands brought back as a job: writing, for how long, then what came back', async () => {
    render(<DeletedListPage />)
    await answer(
      pending(requests, '/api/reps/deleted-prospects?page=1'),
      Response.json(page([deleted('quay-a', 'Quayside A', BATCH)])),
    )
    vi.useFakeTimers({ toFake: ['setTimeout'] })
    try {
      fireEvent.click(screen.getByRole('button', { name: /^Bring back/ }))
      const job: BulkJob = {
        id: 'j0b00000-0000-4000-8000-000000000002',
        status: 'running',
        action: 'restore',
        total: 50_000,
        phase: 'writing',
        checked: 0,
        refused: 0,
        writingSince: '2026-03-02T14:06:00.000Z',
        result: null,
        restored: null,
        error: null,
        createdAt: '2026-03-02T14:06:00.000Z',
        updatedAt: '2026-03-02T14:06:00.000Z',
      }
      await answer(
        pending(requests, `/api/reps/bulk-actions/deletions/${BATCH}/restore`),
        Response.json({ job }, { status: 202 }),
      )
      screen.getByText(/^Bringing back 50,000 prospects on the server, with what they did/)
      // One transaction: no count, so the bar has no value; it says what it is doing.
      const bar = screen.getByRole('progressbar', { name: 'Bringing the prospects back' })
      expect(bar.getAttribute('aria-valuenow')).toBeNull()
      await act(() => vi.advanceTimersByTimeAsync(1000))
      const done = { ...job, status: 'done', restored: { restored: 50_000, already: 0, slugTaken: [] } }
      await answer(pending(requests, `/api/reps/bulk-actions/${job.id}`), Response.json({ job: done }))
      screen.getByText('Brought back 50,000 prospects.')
      expect(screen.queryByRole('progressbar')).toBeNull()
    } finally {
      vi.useRealTimers()
    }
  })

  it('shows why a batch could not be brought back', async () => {
    render(<DeletedListPage />)
    await answer(
      pending(requests, '/api/reps/deleted-prospects?page=1'),
      Response.json(page([deleted('quay-a', 'Quayside A', BATCH)])),
    )
    fireEvent.click(screen.getByRole('button', { name: /^Bring back/ }))
    const message = 'Only the rep who deleted these prospects, or an admin, can bring them back.'
    await answer(
      pending(requests, `/api/reps/bulk-actions/deletions/${BATCH}/restore`),
      Response.json({ error: { code: 'forbidden', message } }, { status: 403 }),
    )
    expect(screen.getByRole('alert').textContent).toBe(message)
  })
})
