import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { ANN, answer, BOB, listAnswer, pending, SESSION } from '../testing/rep-fixtures.ts'
import { LOGO } from '../testing/website-fixtures.ts'
import { ProspectListPage } from './prospect-list-page.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  window.history.replaceState(null, '', '/_/prospects')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

const LIST = /^\/api\/reps\/prospects\?/
const listRequests = () => requests.filter((request) => LIST.test(request.url)).map((request) => request.url)
const lastList = () => pending(requests, LIST)
const reps = {
  reps: [
    { ...ANN, disabled: false },
    { ...BOB, disabled: true },
  ],
}

async function showList(total = 9812) {
  render(<ProspectListPage />)
  await answer(pending(requests, '/api/reps/reps'), Response.json(reps))
  await answer(lastList(), Response.json(listAnswer(total)))
}

describe('ProspectListPage', () => {
  it('asks for the first page by company and shows it, each company linking to its page', async () => {
    await showList()
    expect(listRequests()).toEqual(['/api/reps/prospects?q=&sort=company&dir=asc&owner=me&page=1'])
    expect(screen.getAllByRole('row')).toHaveLength(51)
    const company = screen.getByRole('columnheader', { name: /Company/ })
    expect(company.getAttribute('aria-sort')).toBe('ascending')
    expect(screen.getByRole('columnheader', { name: /Name/ }).hasAttribute('aria-sort')).toBe(false)
    expect(screen.getByRole('link', { name: 'Company 1-0' }).getAttribute('href')).toBe(
      '/_/prospects/prospect-1-0',
    )
    screen.getByText('1–50 of 9,812')
    expect(screen.getByRole('status').textContent).toBe('9,812 prospects') // said to a screen reader
    expect((screen.getByRole('button', { name: 'Previous' }) as HTMLButtonElement).disabled).toBe(true)
    screen.getByRole('link', { name: 'New prospect' })
    screen.getByRole('link', { name: 'Import CSV' })
  })

  it('searches once typing pauses, keeps the search in the address, and starts at page 1', async () => {
    window.history.replaceState(null, '', '/_/prospects?page=3')
    await showList()
    const historyLength = window.history.length
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'den' } })
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'dental ' } })
    expect(listRequests()).toHaveLength(1) // nothing asked per keystroke
    await vi.waitFor(() => expect(window.location.search).toBe('?q=dental'))
    expect(listRequests().at(-1)).toBe('/api/reps/prospects?q=dental&sort=company&dir=asc&owner=me&page=1')
    expect(listRequests()).toHaveLength(2)
    expect(window.history.length).toBe(historyLength) // replaced, not pushed
    // What was typed stays as typed, trailing space included.
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('dental ')
    await answer(lastList(), Response.json(listAnswer(0)))
    screen.getByText('No prospects match “dental”.')
  })

  it('sorts by a column, and by the same column again the other way round', async () => {
    await showList()
    fireEvent.click(screen.getByRole('button', { name: /^Name/ }))
    expect(window.location.search).toBe('?sort=name&dir=asc')
    expect(listRequests().at(-1)).toBe('/api/reps/prospects?q=&sort=name&dir=asc&owner=me&page=1')
    await answer(lastList(), Response.json(listAnswer(9812)))
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('ascending')

    fireEvent.click(screen.getByRole('button', { name: /^Name/ }))
    expect(listRequests().at(-1)).toBe('/api/reps/prospects?q=&sort=name&dir=desc&owner=me&page=1')
    await answer(lastList(), Response.json(listAnswer(9812)))
    expect(screen.getByRole('columnheader', { name: /Name/ }).getAttribute('aria-sort')).toBe('descending')

    // Dates read newest first.
    fireEvent.click(screen.getByRole('button', { name: /^Updated/ }))
    expect(listRequests().at(-1)).toBe('/api/reps/prospects?q=&sort=updated&dir=desc&owner=me&page=1')
  })

  it('filters by owner: mine (as it opens), everyone’s, or a rep from the list of reps', async () => {
    await showList()
    const owner = screen.getByRole('combobox', { name: 'Owner' }) as HTMLSelectElement
    expect(
      within(owner)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All reps', 'Mine', 'ann@example.com', 'bob@example.com (disabled)'])
    expect(owner.value).toBe('me')
    fireEvent.change(owner, { target: { value: 'all' } })
    expect(window.location.search).toBe('?owner=all')
    expect(listRequests().at(-1)).toBe('/api/reps/prospects?q=&sort=company&dir=asc&page=1')
    fireEvent.change(owner, { target: { value: BOB.id } })
    expect(listRequests().at(-1)).toBe(`/api/reps/prospects?q=&sort=company&dir=asc&owner=${BOB.id}&page=1`)
    fireEvent.change(owner, { target: { value: 'me' } })
    expect(window.location.search).toBe('')
  })

  it('says so when the rep owns no prospects, with everyone’s one click away', async () => {
    await showList(0)
    screen.getByText(/You do not own any prospects yet\./)
    fireEvent.click(screen.getByRole('button', { name: "Show everyone's" }))
    expect(window.location.search).toBe('?owner=all')
    expect(listRequests().at(-1)).toBe('/api/reps/prospects?q=&sort=company&dir=asc&page=1')
    await answer(lastList(), Response.json(listAnswer(0)))
    screen.getByText('There are no prospects yet. Create one, or import a CSV file.')
  })

  it('shows each business’s logo before its name, or its initial on a square of the same size', async () => {
    render(<ProspectListPage />)
    await answer(pending(requests, '/api/reps/reps'), Response.json(reps))
    const answered = listAnswer(2)
    const [first, second] = answered.prospects
    if (!first || !second) throw new Error('two rows expected')
    answered.prospects = [
      { ...first, companyName: 'Bright Smile Dental', logo: LOGO },
      { ...second, companyName: 'ölkaupa', logo: null },
    ]
    await answer(lastList(), Response.json(answered))
    const [, withLogo, without] = screen.getAllByRole('row')
    const company = (row: HTMLElement | undefined) =>
      within(row as HTMLElement).getAllByRole('cell')[1] as HTMLElement

    // Decorative (the name is beside it): no name of its own, and nothing for a screen reader.
    const logo = company(withLogo).querySelector('img')
    expect(logo?.getAttribute('src')).toBe(`/api/logos/${LOGO}`)
    expect(logo?.getAttribute('alt')).toBe('')
    expect(logo?.getAttribute('loading')).toBe('lazy')
    expect([logo?.getAttribute('width'), logo?.getAttribute('height')]).toEqual(['24', '24'])
    within(company(withLogo)).getByRole('link', { name: 'Bright Smile Dental' })

    expect(company(without).querySelector('img')).toBeNull()
    const initial = within(company(without)).getByText('Ö')
    expect(initial.getAttribute('aria-hidden')).toBe('true')
    expect(initial.className).toContain('size-6') // the logo's size: rows do not shift
    within(company(without)).getByRole('link', { name: 'ölkaupa' })
  })

  it('links to the deleted prospects', () => {
    render(<ProspectListPage />)
    expect(screen.getByRole('link', { name: 'Recently deleted prospects' }).getAttribute('href')).toBe(
      '/_/deleted',
    )
  })

  it('pages with Next and Previous, and Back returns to the page before', async () => {
    await showList()
    fireEvent.click(screen.getByRole('button', { name: 'Next' }))
    expect(listRequests().at(-1)).toBe('/api/reps/prospects?q=&sort=company&dir=asc&owner=me&page=2')
    // The previous rows stay, marked busy, until the next page arrives.
    expect(screen.getByRole('table').getAttribute('aria-busy')).toBe('true')
    await answer(lastList(), Response.json(listAnswer(9812, 2)))
    screen.getByText('51–100 of 9,812')
    screen.getByRole('link', { name: 'Company 2-0' })

    act(() => window.history.back())
    await vi.waitFor(() => expect(window.location.search).toBe(''))
    expect(listRequests().at(-1)).toBe('/api/reps/prospects?q=&sort=company&dir=asc&owner=me&page=1')
  })

  it('starts from the address, as after a reload or from a shared link', async () => {
    window.history.replaceState(null, '', `/_/prospects?q=acme&sort=updated&dir=desc&owner=me&page=3`)
    render(<ProspectListPage />)
    expect(listRequests()).toEqual(['/api/reps/prospects?q=acme&sort=updated&dir=desc&owner=me&page=3'])
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('acme')
    expect((screen.getByRole('combobox', { name: 'Owner' }) as HTMLSelectElement).value).toBe('me')
  })

  it("shows the server's message when the list fails, and asks again on Try again", async () => {
    render(<ProspectListPage />)
    const body = { error: { code: 'bad_request', message: 'Search for at most 100 characters.' } }
    await answer(lastList(), Response.json(body, { status: 400 }))
    expect(screen.getByRole('alert').textContent).toBe('Search for at most 100 characters.')
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(listRequests()).toHaveLength(2)
  })
})
