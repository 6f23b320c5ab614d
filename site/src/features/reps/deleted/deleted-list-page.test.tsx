import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DeletedProspectListResponse, DeletedProspectSummary } from '#core/rep-api.ts'
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
