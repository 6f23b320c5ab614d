import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createEmbedSnippet } from '#core/embed-snippet.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answerTemplates } from '../testing/form-queries.ts'
import { answer, errorAnswer, MAYA_DETAIL, pending, SESSION } from '../testing/rep-fixtures.ts'
import { LOGO } from '../testing/website-fixtures.ts'
import { ProspectDetailPage } from './prospect-detail-page.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  window.history.replaceState(null, '', '/_/prospects/bright-smile-dental')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

describe('ProspectDetailPage', () => {
  it('shows the link and snippet to copy, the owner, the stamps and the history', async () => {
    render(<ProspectDetailPage slug="bright-smile-dental" />)
    screen.getByText('Loading bright-smile-dental…')
    await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(MAYA_DETAIL))
    screen.getByRole('heading', { level: 1, name: 'Bright Smile Dental' })
    const origin = window.location.origin
    const codes = [...document.querySelectorAll('pre > code')].map((code) => code.textContent)
    expect(codes).toEqual([
      `${origin}/bright-smile-dental`,
      createEmbedSnippet({ scriptUrl: `${origin}/widget.mjs`, slug: 'bright-smile-dental' }),
    ])
    screen.getByRole('button', { name: 'Copy link' })
    screen.getByRole('button', { name: 'Copy snippet' })
    screen.getByRole('heading', { name: 'Where to paste it' })
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/_/prospects/bright-smile-dental/edit',
    )

    const facts = screen.getByRole('region', { name: 'About this prospect' })
    expect(within(facts).getByText('Owner').nextElementSibling?.textContent).toBe('ann@example.com')
    expect(within(facts).getByText('Created').nextElementSibling?.textContent).toMatch(/by the command line$/)
    expect(within(facts).getByText('Updated').nextElementSibling?.textContent).toMatch(/by ann@example\.com$/)

    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem')
    expect(history.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Updated .* by ann@example\.comChanged: Own system prompt$/),
      expect.stringMatching(/^Imported .* by the command line$/),
    ])
  })

  it('lets the rep try the agent the prospect gets, with the words the server serves', async () => {
    render(<ProspectDetailPage slug="bright-smile-dental" />)
    await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(MAYA_DETAIL))
    const tryIt = screen.getByRole('region', { name: 'Try this agent' })
    within(tryIt).getByText(
      'A browser call with the same agent Bright Smile Dental hears on their page and by phone.',
    )
    // The real panel, which asks the server for the prospect as its page does.
    const panel = tryIt.querySelector('voice-demo')
    expect(panel?.getAttribute('slug')).toBe('bright-smile-dental')
    expect(panel?.hasAttribute('data-prospect')).toBe(false)
    const said = within(tryIt).getByRole('heading', { name: 'What the agent says first' })
    expect(said.nextElementSibling?.textContent).toBe(MAYA_DETAIL.agent.firstMessage)
    const disclosure = within(tryIt).getByText("Show the agent's instructions").closest('details')
    expect(disclosure?.open).toBe(false)
    expect(within(tryIt).getByRole('region', { name: "The agent's instructions" }).textContent).toBe(
      MAYA_DETAIL.agent.system,
    )
  })

  it('names the kind of business and the details that are set, in plain words', async () => {
    render(<ProspectDetailPage slug="bright-smile-dental" />)
    await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(MAYA_DETAIL))
    const facts = screen.getByRole('region', { name: 'About this prospect' })
    const fact = (term: string) => within(facts).getByText(term).nextElementSibling?.textContent
    expect(fact('Kind of business')).toBe('dental') // its name until the kinds load
    await answerTemplates(requests)
    expect(fact('Kind of business')).toBe('Dental practice')
    expect(fact('City')).toBe('Austin')
    expect(fact('Opening hours')).toBe('Monday to Friday, 8 am to 6 pm')
    expect(fact("Agent's words")).toBe("The template's")
    expect(fact('Assistant')).toBe('The default assistant')
    for (const unset of ['Services', 'Website', 'Booking link']) {
      expect(within(facts).queryByText(unset), unset).toBeNull()
    }
  })

  it('shows the business’s logo by its name, its phone, own words and colour, and Refresh from website', async () => {
    render(<ProspectDetailPage slug="bright-smile-dental" />)
    const fields = {
      ...MAYA_DETAIL.fields,
      website: 'https://bright-smile.example/',
      phone: '(217) 555-0134',
      description: 'A friendly family practice.',
      logo: LOGO,
      theme_color: '#0e7490',
    }
    await answer(
      pending(requests, '/api/reps/prospects/bright-smile-dental'),
      Response.json({ ...MAYA_DETAIL, fields }),
    )
    const logo = screen.getByRole('img', { name: 'Bright Smile Dental logo' })
    expect(logo.getAttribute('src')).toBe(`/api/logos/${LOGO}`)
    expect([logo.getAttribute('width'), logo.getAttribute('height')]).toEqual(['48', '48'])
    const facts = screen.getByRole('region', { name: 'About this prospect' })
    const fact = (term: string) => within(facts).getByText(term).nextElementSibling
    expect(fact('Phone number')?.textContent).toBe('(217) 555-0134')
    expect(
      within(fact('Phone number') as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('tel:2175550134')
    expect(fact('About the business')?.textContent).toBe('A friendly family practice.')
    expect(fact('Brand colour')?.textContent).toBe('#0e7490')
    // The rep sees what would change in the form before anything is saved.
    expect(screen.getByRole('link', { name: 'Refresh from website' }).getAttribute('href')).toBe(
      '/_/prospects/bright-smile-dental/edit?refresh=website',
    )
  })

  it('offers no Refresh from website, and no logo, to a prospect without them', async () => {
    render(<ProspectDetailPage slug="bright-smile-dental" />)
    await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(MAYA_DETAIL))
    screen.getByRole('link', { name: 'Edit' })
    expect(screen.queryByRole('link', { name: 'Refresh from website' })).toBeNull()
    expect(screen.queryByRole('img', { name: /logo$/ })).toBeNull()
    const facts = screen.getByRole('region', { name: 'About this prospect' })
    for (const unset of ['Phone number', 'About the business', 'Brand colour']) {
      expect(within(facts).queryByText(unset), unset).toBeNull()
    }
  })

  it("shows the server's message for a prospect that does not exist", async () => {
    render(<ProspectDetailPage slug="nope" />)
    await answer(
      pending(requests, '/api/reps/prospects/nope'),
      errorAnswer(404, 'prospect_not_found', 'Prospect not found.'),
    )
    expect(screen.getByRole('alert').textContent).toBe('Prospect not found.')
    screen.getByRole('link', { name: '← All prospects' })
  })
})
