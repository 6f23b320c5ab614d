import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { siteConfig } from '../config.ts'
import { answerProspect, installFakeFetch, VISITOR } from '../testing/fake-fetch.ts'
import { App } from './app.tsx'
import { NOT_FOUND_ROOT_ATTRIBUTE } from './not-found-root.ts'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
})

const visit = (path: string) => window.history.replaceState(null, '', path)
const landingHeading = () => screen.queryByRole('heading', { level: 1, name: /Turn questions into bookings/ })

describe('App routing', () => {
  it('shows the landing page at /', () => {
    visit('/')
    render(<App />)
    expect(landingHeading()).toBeTruthy()
    expect(screen.getByRole('banner').textContent).toContain(siteConfig.productName)
    expect(requests).toHaveLength(0)
  })

  it('shows the prospect page for /{slug} and asks the API for that slug', () => {
    visit('/x')
    render(<App />)
    expect(landingHeading()).toBeNull()
    expect(requests.map((request) => request.url)).toEqual(['/api/prospects/x'])
  })

  it('does not treat deeper paths as prospects', () => {
    visit('/a/b')
    render(<App />)
    screen.getByRole('heading', { name: 'Error' })
    expect(requests).toHaveLength(0)
  })

  it('goes to the demo without a page load, and back with the browser', async () => {
    visit('/')
    render(<App />)
    const tryDemo = screen.getByRole('link', { name: 'Try Demo Experience' })
    expect(tryDemo.getAttribute('href')).toBe('/visitor')

    const notPrevented = fireEvent.click(tryDemo)
    expect(notPrevented).toBe(false) // the browser did not follow the link itself
    expect(window.location.pathname).toBe('/visitor')
    await act(async () => requests.at(-1)?.respond(answerProspect(VISITOR)))
    screen.getByRole('heading', { level: 1, name: 'Hear what an AI voice agent would do for your business' })

    act(() => {
      window.history.back()
    })
    await vi.waitFor(() => expect(landingHeading()).toBeTruthy())
  })

  it('leaves new-tab clicks to the browser', () => {
    visit('/')
    render(<App />)
    const link = screen.getByRole('link', { name: 'Try Demo Experience' })
    const pushState = vi.spyOn(window.history, 'pushState')
    for (const modifier of [{ ctrlKey: true }, { metaKey: true }, { shiftKey: true }, { button: 1 }]) {
      expect(fireEvent.click(link, modifier), JSON.stringify(modifier)).toBe(true) // not prevented
    }
    expect(pushState).not.toHaveBeenCalled()
  })

  it('Go Home on an error page returns to the landing page', async () => {
    visit('/nope')
    render(<App />)
    const body = { error: { code: 'prospect_not_found', message: 'Prospect "nope" not found' } }
    await act(async () => requests.at(-1)?.respond(Response.json(body, { status: 404 })))
    fireEvent.click(screen.getByRole('button', { name: 'Go Home' }))
    expect(window.location.pathname).toBe('/')
    expect(landingHeading()).toBeTruthy()
  })

  it('on the 404 page, the path it was loaded at is not found, whatever it looks like; links route on', () => {
    visit('/a/b')
    const root = document.createElement('div')
    root.id = 'root'
    root.setAttribute(NOT_FOUND_ROOT_ATTRIBUTE, '')
    document.body.append(root)
    try {
      render(<App />)
      screen.getByRole('heading', { name: 'Error' })
      screen.getByText('This page does not exist.')
      // In the site's frame: the logo home and the theme toggle, and a way into the demo.
      screen.getByRole('radio', { name: 'Dark' })
      expect(screen.getByRole('link', { name: 'Try the demo' }).getAttribute('href')).toBe('/visitor')
      expect(document.title).toMatch(/^Page not found/)
      expect(requests).toHaveLength(0) // no prospect is looked up for a path the server refused
      fireEvent.click(screen.getByRole('button', { name: 'Go Home' }))
      expect(landingHeading()).toBeTruthy()
    } finally {
      root.remove()
    }
  })
})
