import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_HEADER, IMPORT_KEY_HEADER, type ImportJob } from '#core/rep-api.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answer, errorAnswer, pending, SESSION } from '../testing/rep-fixtures.ts'
import { ImportPage } from './import-page.tsx'
import { POLL_INTERVAL_MS } from './use-import.ts'

/** XMLHttpRequest as the import uses it, driven by the test: progress, then an answer. */
class FakeXhr {
  static last: FakeXhr | null = null
  method = ''
  url = ''
  headers = new Map<string, string>()
  body: unknown = null
  status = 0
  responseText = ''
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  constructor() {
    FakeXhr.last = this
  }
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value)
  }
  getResponseHeader(name: string) {
    return name.toLowerCase() === 'content-type' ? 'application/json' : null
  }
  send(body: unknown) {
    this.body = body
  }
  abort() {
    this.onabort?.()
  }
  respond(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  FakeXhr.last = null
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  window.history.replaceState(null, '', '/_/prospects/import')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  setVisibility('visible')
  sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true })
  act(() => {
    document.dispatchEvent(new Event('visibilitychange'))
  })
}

const LINKS = [{ slug: 'acme', url: 'https://demo.example/acme' }]

/** A job as the server answers it. */
const jobOf = (changes: Partial<ImportJob> = {}): ImportJob => ({
  id: 'job-1',
  status: 'queued',
  total: 10_000,
  done: 0,
  result: null,
  error: null,
  createdAt: '2027-01-04T09:00:00.000Z',
  updatedAt: '2027-01-04T09:00:00.000Z',
  ...changes,
})
const JOB_URL = '/api/reps/imports/job-1'
const jobRequests = () => requests.filter((request) => request.url === JOB_URL)
const status = () => screen.getByRole('status').textContent
const importBar = () => screen.getByRole('progressbar', { name: 'Import' }) as HTMLProgressElement
const nextPoll = () => act(async () => vi.advanceTimersByTime(POLL_INTERVAL_MS))
const answerJob = (job: ImportJob) => answer(pending(requests, JOB_URL), Response.json({ import: job }))

const CSV = 'slug,name,company_name,first_message,system\nacme,Ann,Acme,Hi,Be kind\n'

function chooseAndImport(content: BlobPart = CSV) {
  const file = new File([content], 'leads.csv', { type: 'text/csv' })
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } })
  screen.getByText('leads.csv')
  fireEvent.click(screen.getByRole('button', { name: 'Import' }))
  const xhr = FakeXhr.last
  if (!xhr) throw new Error('nothing was sent')
  return { xhr, file }
}

describe('ImportPage', () => {
  it('sends the file as text/csv with the CSRF token and a key of its own, showing the upload, then the check', () => {
    render(<ImportPage />)
    const { xhr, file } = chooseAndImport()
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/api/reps/imports', file])
    expect(xhr.headers.get('content-type')).toBe('text/csv')
    expect(xhr.headers.get(CSRF_HEADER.toLowerCase())).toBe(SESSION.csrfToken)
    expect(xhr.headers.get(IMPORT_KEY_HEADER.toLowerCase())).toMatch(/^[0-9a-f]{32}$/)

    act(() => xhr.upload.onprogress?.({ loaded: 450, total: 1000, lengthComputable: true }))
    expect(status()).toBe('Uploading… 45%')
    expect((screen.getByRole('progressbar', { name: 'Upload' }) as HTMLProgressElement).value).toBe(45)
    act(() => xhr.upload.onload?.())
    expect(status()).toBe('Checking every row…')
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('follows the job every second while visible: rows sent of all, then saving, then what it did', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const created: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob)
      return 'blob:links'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    render(<ImportPage />)
    const { xhr } = chooseAndImport()
    await act(async () => xhr.respond(202, { import: jobOf() }))
    expect(status()).toBe('Starting to import 10,000 rows…')
    expect([importBar().value, importBar().max]).toEqual([0, 10_000])
    // The address names the job, so a reload finds it again.
    expect(window.location.search).toBe('?job=job-1')

    expect(jobRequests()).toHaveLength(0)
    await nextPoll()
    expect(jobRequests()).toHaveLength(1)
    await answerJob(jobOf({ status: 'running', done: 3000 }))
    expect(status()).toBe('Importing 10,000 rows…')
    expect(importBar().value).toBe(3000)
    expect(importBar().getAttribute('aria-valuetext')).toBe('3,000 of 10,000 rows sent')
    screen.getByText(/^3,000 of 10,000 rows sent\. Nothing is saved until every row is/)

    // Hidden, nobody is asked; shown again, at once.
    setVisibility('hidden')
    await act(async () => vi.advanceTimersByTime(POLL_INTERVAL_MS * 5))
    expect(jobRequests()).toHaveLength(1)
    setVisibility('visible')
    expect(jobRequests()).toHaveLength(2)
    await answerJob(jobOf({ status: 'running', done: 10_000 }))
    expect(status()).toBe('Saving all 10,000 rows…')

    await nextPoll()
    const result = { inserted: 9000, updated: 1000, unchanged: 0, links: LINKS }
    await answerJob(jobOf({ status: 'done', done: 10_000, result }))
    screen.getByText('Imported 10,000 rows.')
    screen.getByText('9,000 new')
    expect(screen.queryByRole('progressbar')).toBeNull()
    const download = screen.getByRole('link', { name: 'Download the links (CSV)' })
    expect(download.getAttribute('download')).toBe('leads.links.csv')
    expect(await created[0]?.text()).toBe('slug,url\r\nacme,https://demo.example/acme\r\n')
    // Done: asked no more.
    await act(async () => vi.advanceTimersByTime(POLL_INTERVAL_MS * 5))
    expect(jobRequests()).toHaveLength(3)
  })

  it('shows a failed job plainly, and tries again with the same key', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    render(<ImportPage />)
    const { xhr } = chooseAndImport()
    const key = xhr.headers.get(IMPORT_KEY_HEADER.toLowerCase())
    await act(async () => xhr.respond(202, { import: jobOf({ status: 'running', done: 500 }) }))
    await nextPoll()
    const error = 'The database could not write the import, so nothing was imported. Try again.'
    await answerJob(jobOf({ status: 'failed', done: 500, error }))
    expect(screen.getByRole('alert').textContent).toBe(error)
    expect(screen.queryByRole('progressbar')).toBeNull()

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    const retry = FakeXhr.last
    expect(retry).not.toBe(xhr)
    expect(retry?.headers.get(IMPORT_KEY_HEADER.toLowerCase())).toBe(key)
  })

  it('keeps following the job through a network blip and a server restarting', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    render(<ImportPage />)
    const { xhr } = chooseAndImport()
    await act(async () => xhr.respond(202, { import: jobOf({ status: 'running', done: 500 }) }))
    await nextPoll()
    // The network is gone for a moment: the page says nothing new and asks again at the next turn.
    await act(async () => pending(requests, JOB_URL).fail(new TypeError('Failed to fetch')))
    expect(status()).toBe('Importing 10,000 rows…')
    expect(importBar().value).toBe(500)
    expect(screen.queryByRole('alert')).toBeNull()
    await nextPoll()
    expect(jobRequests()).toHaveLength(2)
    await answer(pending(requests, JOB_URL), errorAnswer(503, 'unavailable', 'Please try again.'))
    expect(screen.queryByRole('alert')).toBeNull()
    await nextPoll()
    expect(jobRequests()).toHaveLength(3)
    await answerJob(jobOf({ status: 'running', done: 4000 }))
    expect(importBar().value).toBe(4000)
    screen.getByText(/^4,000 of 10,000 rows sent\./)
  })

  it('comes back to the job in the address after a reload, and shows how it ended', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:links')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    window.history.replaceState(null, '', '/_/prospects/import?job=job-1')
    render(<ImportPage />)
    expect(status()).toBe('Checking on the import…')
    const result = { inserted: 1, updated: 0, unchanged: 0, links: LINKS }
    await answerJob(jobOf({ status: 'done', total: 1, done: 1, result }))
    screen.getByText('Imported 1 row.')
    const download = screen.getByRole('link', { name: 'Download the links (CSV)' })
    expect(download.getAttribute('download')).toBe('prospects.links.csv')
  })

  it('follows a running job again when the rep leaves the page and comes back by its link', async () => {
    const first = render(<ImportPage />)
    const { xhr } = chooseAndImport()
    await act(async () => xhr.respond(202, { import: jobOf({ status: 'running', done: 500 }) }))
    first.unmount()
    window.history.replaceState(null, '', '/_/prospects/import')
    render(<ImportPage />)
    expect(jobRequests()).toHaveLength(1)
    await answerJob(jobOf({ status: 'running', done: 2000 }))
    expect(importBar().value).toBe(2000)
  })

  it('lists every bad row by line, and says nothing was imported', async () => {
    render(<ImportPage />)
    const { xhr } = chooseAndImport()
    const problems = [
      { line: 3, message: 'name (Contact name) is required' },
      {
        line: 7,
        message:
          'slug (Slug) must be lowercase letters, digits or dashes, not "Acme Inc" (for example "acme-inc")',
      },
    ]
    const message = 'Nothing was imported: 2 of 9 rows have problems.'
    await act(async () => xhr.respond(422, { error: { code: 'import_invalid', message, problems } }))
    expect(screen.getByRole('alert').textContent).toBe(message)
    const rows = screen.getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Line', 'Problem'],
      ['3', problems[0]?.message],
      ['7', problems[1]?.message],
    ])
    expect(screen.queryByText(/^Imported/)).toBeNull()
    expect(screen.queryByRole('link', { name: /Download/ })).toBeNull()
    screen.getByRole('button', { name: 'Try again' })
    expect(window.location.search).toBe('')
  })

  it('sends the file’s bytes as they are, so the server names the first line that is not UTF-8', async () => {
    // Saved as plain "CSV" in Windows-1252: é is the one byte 0xE9, which reading the file as text
    // would have turned into U+FFFD before the server could see it.
    const latin1 = Uint8Array.from([
      ...new TextEncoder().encode('slug,name,company_name\ncafe,Ren'),
      0xe9,
      10,
    ])
    render(<ImportPage />)
    const { xhr, file } = chooseAndImport(latin1)
    expect(xhr.body).toBe(file)
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(latin1)
    const problems = [{ line: 2, message: 'not UTF-8 text (save the file as "CSV UTF-8")' }]
    const message = 'Nothing was imported: the file is not UTF-8 text.'
    await act(async () => xhr.respond(422, { error: { code: 'import_invalid', message, problems } }))
    expect(screen.getByRole('alert').textContent).toBe(message)
    const rows = screen.getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Line', 'Problem'],
      ['2', problems[0]?.message],
    ])
  })

  it("shows the server's message when the upload fails", async () => {
    render(<ImportPage />)
    const { xhr } = chooseAndImport()
    await act(async () => xhr.onerror?.())
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong on our side. Please try again.')
    expect(screen.queryByText(/^Imported/)).toBeNull()
  })
})
