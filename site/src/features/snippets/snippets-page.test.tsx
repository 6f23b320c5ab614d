import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest'
import { createEmbedSnippet } from '#core/embed-snippet.ts'
import { siteConfig } from '../../config.ts'
import { answerProspect, installFakeFetch, JAMES, MAYA, VISITOR } from '../../testing/fake-fetch.ts'
import { SnippetsPage } from './snippets-page.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  window.history.replaceState(null, '', '/_/snippets')
  sessionStorage.clear()
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
})

const lastRequest = () => {
  const request = requests.at(-1)
  if (!request) throw new Error('no request was made')
  return request
}
const snippetFor = (slug: string) =>
  createEmbedSnippet({ scriptUrl: `${window.location.origin}/widget.mjs`, slug })

async function lookUp(slug: string) {
  fireEvent.change(screen.getByRole('textbox', { name: 'Prospect slug' }), { target: { value: slug } })
  fireEvent.click(screen.getByRole('button', { name: 'Look up' }))
}

describe('SnippetsPage: picking by slug', () => {
  it('looks up ?slug=, shows who it is, the live preview and the snippet and link to copy', async () => {
    window.history.replaceState(null, '', '/_/snippets?slug=harbor-realty')
    render(<SnippetsPage />)
    expect(document.title).toBe(`Snippets for sales · ${siteConfig.productName}`)
    expect(lastRequest().url).toBe('/api/prospects/harbor-realty')
    screen.getByText('Looking up harbor-realty…')
    expect(screen.queryByRole('button', { name: 'Copy snippet' })).toBeNull()

    await act(async () => lastRequest().respond(answerProspect(JAMES)))
    screen.getByText('James Carter')
    screen.getByText('Harbor Realty Group')
    expect(document.querySelector('voice-demo')?.getAttribute('slug')).toBe('harbor-realty')
    const codes = [...document.querySelectorAll('pre > code')].map((code) => code.textContent)
    expect(codes).toEqual([snippetFor('harbor-realty'), `${window.location.origin}/harbor-realty`])
  })

  it('looks up a typed slug, keeps ?slug= in step and replaces the preview', async () => {
    window.history.replaceState(null, '', '/_/snippets?slug=harbor-realty')
    render(<SnippetsPage />)
    await act(async () => lastRequest().respond(answerProspect(JAMES)))
    const firstPanel = document.querySelector('voice-demo')

    await lookUp('  bright-smile-dental ')
    expect(window.location.search).toBe('?slug=bright-smile-dental')
    expect(lastRequest().url).toBe('/api/prospects/bright-smile-dental')
    await act(async () => lastRequest().respond(answerProspect(MAYA)))
    screen.getByText('Dr. Maya Patel')
    const panel = document.querySelector('voice-demo')
    expect(panel?.getAttribute('slug')).toBe('bright-smile-dental')
    expect(panel).not.toBe(firstPanel) // a new element per prospect, nothing carried over
  })

  it('says there is no such prospect when the API answers with the fallback, and offers nothing to copy', async () => {
    render(<SnippetsPage />)
    await lookUp('harbour-realty')
    await act(async () => lastRequest().respond(answerProspect(VISITOR, true)))
    expect(screen.getByRole('alert').textContent).toMatch(/^No prospect has the slug “harbour-realty”/)
    expect(screen.queryByRole('button', { name: /^Copy/ })).toBeNull()
    expect(document.querySelector('voice-demo')).toBeNull()
    expect(document.body.textContent).not.toContain(snippetFor('visitor'))
  })

  it('refuses a slug that breaks the rule without asking the API', async () => {
    render(<SnippetsPage />)
    await lookUp('Harbor_Realty')
    screen.getByText('A prospect link must be 1 to 64 lowercase letters, digits or dashes.')
    expect(screen.getByRole('textbox', { name: 'Prospect slug' }).getAttribute('aria-invalid')).toBe('true')
    expect(requests).toHaveLength(0)
    expect(window.location.search).toBe('')
  })

  it("shows the API's message when the look-up fails", async () => {
    render(<SnippetsPage />)
    await lookUp('harbor-realty')
    const body = { error: { code: 'prospect_unavailable', message: 'Failed to load prospect data.' } }
    await act(async () => lastRequest().respond(Response.json(body, { status: 503 })))
    expect(screen.getByRole('alert').textContent).toBe('Failed to load prospect data.')
  })
})

describe('SnippetsPage: copying', () => {
  async function showHarbor() {
    window.history.replaceState(null, '', '/_/snippets?slug=harbor-realty')
    render(<SnippetsPage />)
    await act(async () => lastRequest().respond(answerProspect(JAMES)))
  }

  it('puts the snippet on the clipboard and says "Copied" for two seconds', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    await showHarbor()
    vi.useFakeTimers()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy snippet' })))
    expect(writeText).toHaveBeenCalledWith(snippetFor('harbor-realty'))
    expect(screen.getByText('Copied').getAttribute('aria-live')).toBe('polite')

    act(() => vi.advanceTimersByTime(1900))
    screen.getByText('Copied')
    act(() => vi.advanceTimersByTime(100))
    expect(screen.queryByText('Copied')).toBeNull()

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy link' })))
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/harbor-realty`)
  })

  it('selects the snippet for Ctrl+C when the browser refuses the clipboard', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(
      new DOMException('Denied', 'NotAllowedError'),
    )
    await showHarbor()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Copy snippet' })))
    screen.getByText('Selected: press Ctrl+C (⌘C on a Mac) to copy')
    expect(window.getSelection()?.toString()).toBe(snippetFor('harbor-realty'))
  })
})

describe('SnippetsPage: the prospect list', () => {
  const fetchMock = () => globalThis.fetch as Mock

  it('says the list needs the sales key, and asks nothing without one', () => {
    render(<SnippetsPage />)
    screen.getByText(
      "Listing prospects needs the operator's sales key. Without it, type the prospect's slug above.",
    )
    expect(screen.queryByRole('searchbox')).toBeNull()
    expect(requests).toHaveLength(0)
  })

  it('searches with the key as a bearer token, lists matches, and a pick fills the slug', async () => {
    render(<SnippetsPage />)
    fireEvent.change(screen.getByLabelText('Sales key'), { target: { value: 'the-sales-key-123' } })
    fireEvent.click(screen.getByRole('button', { name: 'Use key' }))
    expect(sessionStorage.getItem('sales-key')).toBe('the-sales-key-123')
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search prospects' }), {
      target: { value: 'dental' },
    })
    screen.getByText('Searching…')

    await vi.waitFor(() => expect(lastRequest().url).toBe('/api/sales/prospects?q=dental'))
    expect(fetchMock().mock.calls.at(-1)?.[1]?.headers).toMatchObject({
      authorization: 'Bearer the-sales-key-123',
    })
    const prospects = [{ slug: MAYA.slug, name: MAYA.name, companyName: MAYA.companyName }]
    await act(async () => lastRequest().respond(Response.json({ prospects })))
    screen.getByText('1 prospect. Pick one:')

    fireEvent.click(screen.getByRole('button', { name: /^Bright Smile Dental/ }))
    expect(window.location.search).toBe('?slug=bright-smile-dental')
    expect((screen.getByRole('textbox', { name: 'Prospect slug' }) as HTMLInputElement).value).toBe(
      'bright-smile-dental',
    )
    expect(lastRequest().url).toBe('/api/prospects/bright-smile-dental')

    fireEvent.click(screen.getByRole('button', { name: 'Forget' }))
    expect(sessionStorage.getItem('sales-key')).toBeNull()
    expect(screen.queryByRole('searchbox')).toBeNull()
  })

  it("shows the API's message for a wrong key", async () => {
    sessionStorage.setItem('sales-key', 'wrong-key')
    render(<SnippetsPage />)
    await vi.waitFor(() => expect(lastRequest().url).toBe('/api/sales/prospects?q='))
    const body = { error: { code: 'sales_tools_unauthorized', message: 'That sales key is not valid.' } }
    await act(async () => lastRequest().respond(Response.json(body, { status: 401 })))
    expect(screen.getByRole('alert').textContent).toBe('That sales key is not valid.')
  })
})
