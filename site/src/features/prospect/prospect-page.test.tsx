import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { siteConfig } from '../../config.ts'
import {
  answerBody,
  answerProspect,
  installFakeFetch,
  JAMES,
  MAYA,
  VISITOR,
} from '../../testing/fake-fetch.ts'
import { ProspectPage } from './prospect-page.tsx'

let requests: ReturnType<typeof installFakeFetch>
const product = siteConfig.productName

beforeEach(() => {
  requests = installFakeFetch()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
})

const lastRequest = () => {
  const request = requests.at(-1)
  if (!request) throw new Error('no request was made')
  return request
}

describe('ProspectPage', () => {
  it('shows placeholders, not content, while the prospect loads', () => {
    render(<ProspectPage slug="bright-smile-dental" />)
    expect(screen.getByRole('status').textContent).toMatch(/Loading/)
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull()
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy()
    expect(lastRequest().url).toBe('/api/prospects/bright-smile-dental')
    expect(document.title).toBe(`Loading… · ${product}`)
  })

  it('greets the prospect by name and company and embeds the demo for their slug', async () => {
    render(<ProspectPage slug="bright-smile-dental" />)
    await act(async () => lastRequest().respond(answerProspect(MAYA)))

    expect(screen.getByText('Tailored just for you, Dr. Maya Patel')).toBeTruthy()
    screen.getByRole('heading', {
      level: 1,
      name: "Hey Dr. Maya Patel, here's what I've built for Bright Smile Dental",
    })
    screen.getByText('Custom AI assistant solution tailored for your business needs')
    screen.getByRole('heading', { level: 2, name: "What's Holding You Back?" })
    screen.getByText("You're losing leads and wasting hours on routine calls.")
    screen.getByRole('heading', { level: 2, name: 'Your 24/7 AI Agent Is Here' })
    screen.getByText('Instant answers, bookings, and support—so you can focus on growth.')
    screen.getByRole('heading', { level: 2, name: `Ready to ${product} Dr. Maya Patel?` })
    expect(screen.queryByRole('status')).toBeNull()
    const demo = document.querySelector('voice-demo')
    expect(demo?.getAttribute('slug')).toBe('bright-smile-dental')
    // The site routes /{slug} itself: the phone dialog's back arrow may show the prospect's page.
    expect(demo?.hasAttribute('back-navigation')).toBe(true)
    expect(demo?.getAttribute('theme')).toBe('light') // the site's theme, as its toggle sets it
    expect(document.title).toBe(`A voice agent built for Bright Smile Dental · ${product}`)
    // The answer travels with the panel, so the widget does not ask the API for it again.
    expect(JSON.parse(demo?.getAttribute('data-prospect') ?? '')).toEqual(answerBody(MAYA))
  })

  it("shows the API's message and a way home when the prospect does not exist", async () => {
    render(<ProspectPage slug="nope" />)
    const body = { error: { code: 'prospect_not_found', message: 'Prospect "nope" not found' } }
    await act(async () => lastRequest().respond(Response.json(body, { status: 404 })))

    screen.getByRole('heading', { name: 'Error' })
    screen.getByText('Prospect "nope" not found')
    screen.getByRole('button', { name: 'Go Home' })
    // Inside the site's frame: its header (with the way back) and a way into the demo.
    screen.getByRole('button', { name: 'Back to home' })
    expect(screen.getByRole('link', { name: 'Try the demo' }).getAttribute('href')).toBe('/visitor')
    expect(document.title).toBe(`Error · ${product}`)
  })

  it('says the data could not be loaded when the network fails or a proxy answers', async () => {
    render(<ProspectPage slug="harbor-realty" />)
    await act(async () => lastRequest().fail(new TypeError('Failed to fetch')))
    screen.getByText('Failed to load prospect data.')
    cleanup()

    render(<ProspectPage slug="harbor-realty" />)
    await act(async () => lastRequest().respond(new Response('<h1>Bad gateway</h1>', { status: 502 })))
    screen.getByText('Failed to load prospect data.')
  })

  it('shows the general demo with the quiet note for a malformed link, never the slug rule', async () => {
    render(<ProspectPage slug="Not_A_Slug" />)
    expect(lastRequest().url).toBe('/api/prospects/visitor')
    await act(async () => lastRequest().respond(answerProspect(VISITOR)))
    screen.getByRole('heading', { level: 1, name: 'Hear what an AI voice agent would do for your business' })
    screen.getByText(/couldn't find a page for that link/)
    expect(screen.queryByText(/lowercase letters/)).toBeNull()
  })

  it('shows the general demo for an unknown link, in words for a visitor it does not know', async () => {
    render(<ProspectPage slug="no-such-prospect" />)
    await act(async () => lastRequest().respond(answerProspect(VISITOR, true)))
    screen.getByRole('heading', { level: 1, name: 'Hear what an AI voice agent would do for your business' })
    screen.getByText('A live demo for your business')
    screen.getByRole('heading', { level: 2, name: `Try ${product} now` })
    screen.getByText(/couldn't find a page for that link/)
    // None of the personal page's sentences addressed to "there" or pitched to "your business" by name.
    expect(document.body.textContent).not.toMatch(/there[,?]|Ready to|Tailored just for you/)
    expect(screen.queryByRole('heading', { name: 'Error' })).toBeNull()
    expect(document.title).toBe(`Talk to an AI voice agent · ${product}`)
  })

  it('loads the new prospect when the slug changes, without showing the old one meanwhile', async () => {
    const { rerender } = render(<ProspectPage slug="bright-smile-dental" />)
    await act(async () => lastRequest().respond(answerProspect(MAYA)))
    screen.getByText('Tailored just for you, Dr. Maya Patel')

    rerender(<ProspectPage slug="harbor-realty" />)
    expect(screen.queryByText(/Dr\. Maya Patel/)).toBeNull()
    expect(screen.getByRole('status')).toBeTruthy()
    expect(lastRequest().url).toBe('/api/prospects/harbor-realty')

    await act(async () => lastRequest().respond(answerProspect(JAMES)))
    screen.getByText('Tailored just for you, James Carter')
    expect(document.querySelector('voice-demo')?.getAttribute('slug')).toBe('harbor-realty')
  })

  it('aborts the previous request so a slow answer cannot replace the newer prospect', async () => {
    const { rerender } = render(<ProspectPage slug="bright-smile-dental" />)
    const first = lastRequest()
    rerender(<ProspectPage slug="harbor-realty" />)
    expect(first.signal?.aborted).toBe(true)

    await act(async () => lastRequest().respond(answerProspect(JAMES)))
    await act(async () => first.respond(answerProspect(MAYA)))
    screen.getByText('Tailored just for you, James Carter')
    expect(screen.queryByText(/Dr\. Maya Patel/)).toBeNull()
  })
})
