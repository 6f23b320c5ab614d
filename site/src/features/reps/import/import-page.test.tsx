import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_HEADER } from '#core/rep-api.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { SESSION } from '../testing/rep-fixtures.ts'
import { ImportPage } from './import-page.tsx'

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

beforeEach(() => {
  installFakeFetch()
  keepSession(SESSION)
  FakeXhr.last = null
  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  window.history.replaceState(null, '', '/_/prospects/import')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

const CSV = 'slug,name,company_name,first_message,system\nacme,Ann,Acme,Hi,Be kind\n'

function chooseAndImport(text = CSV) {
  const file = new File([text], 'leads.csv', { type: 'text/csv' })
  fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } })
  screen.getByText('leads.csv')
  fireEvent.click(screen.getByRole('button', { name: 'Import' }))
  const xhr = FakeXhr.last
  if (!xhr) throw new Error('nothing was sent')
  return { xhr, file }
}

describe('ImportPage', () => {
  it('sends the file as text/csv with the CSRF token, showing the upload, then the import', () => {
    render(<ImportPage />)
    const { xhr, file } = chooseAndImport()
    expect([xhr.method, xhr.url, xhr.body]).toEqual(['POST', '/api/reps/imports', file])
    expect(xhr.headers.get('content-type')).toBe('text/csv')
    expect(xhr.headers.get(CSRF_HEADER.toLowerCase())).toBe(SESSION.csrfToken)

    act(() => xhr.upload.onprogress?.({ loaded: 450, total: 1000, lengthComputable: true }))
    expect(screen.getByRole('status').textContent).toBe('Uploading… 45%')
    expect((screen.getByRole('progressbar', { name: 'Upload' }) as HTMLProgressElement).value).toBe(45)
    act(() => xhr.upload.onload?.())
    expect(screen.getByRole('status').textContent).toMatch(/^Importing…/)
    expect((screen.getByRole('button', { name: 'Import' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('lists every bad row by line, and says nothing was imported', async () => {
    render(<ImportPage />)
    const { xhr } = chooseAndImport()
    const problems = [
      { line: 3, message: 'name is empty' },
      {
        line: 7,
        message: 'slug "Acme Inc" must be lowercase letters, digits or dashes (for example "acme-inc")',
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
  })

  it('shows what the import did and offers the links as a CSV file made from the answer', async () => {
    const created: Blob[] = []
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      created.push(blob as Blob)
      return 'blob:links'
    })
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    render(<ImportPage />)
    const { xhr } = chooseAndImport()
    const links = [{ slug: 'acme', url: 'https://demo.example/acme' }]
    await act(async () => xhr.respond(200, { inserted: 1, updated: 2, unchanged: 3, links }))
    screen.getByText('Imported 6 rows.')
    screen.getByText('1 new')
    screen.getByText('2 updated')
    screen.getByText('3 unchanged')
    const download = screen.getByRole('link', { name: 'Download the links (CSV)' })
    expect(download.getAttribute('download')).toBe('leads.links.csv')
    expect(download.getAttribute('href')).toBe('blob:links')
    expect(await created[0]?.text()).toBe('slug,url\r\nacme,https://demo.example/acme\r\n')
  })

  it("shows the server's message when the upload fails", async () => {
    render(<ImportPage />)
    const { xhr } = chooseAndImport()
    await act(async () => xhr.onerror?.())
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong on our side. Please try again.')
    expect(screen.queryByText(/^Imported/)).toBeNull()
  })
})
