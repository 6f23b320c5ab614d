import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createEmbedSnippet } from '#core/embed-snippet.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answer, errorAnswer, MAYA_DETAIL, pending, SESSION } from '../testing/rep-fixtures.ts'
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
  it('shows the link and snippet to copy, the live panel, the owner, the stamps and the history', async () => {
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
    expect(document.querySelector('voice-demo')?.getAttribute('slug')).toBe('bright-smile-dental')
    expect(screen.getByRole('link', { name: 'Edit' }).getAttribute('href')).toBe(
      '/_/prospects/bright-smile-dental/edit',
    )

    const facts = screen.getByRole('region', { name: 'About this prospect' })
    expect(within(facts).getByText('Owner').nextElementSibling?.textContent).toBe('ann@example.com')
    expect(within(facts).getByText('Created').nextElementSibling?.textContent).toMatch(/by the command line$/)
    expect(within(facts).getByText('Updated').nextElementSibling?.textContent).toMatch(/by ann@example\.com$/)

    const history = within(screen.getByRole('region', { name: 'History' })).getAllByRole('listitem')
    expect(history.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Updated .* by ann@example\.comChanged: system$/),
      expect.stringMatching(/^Imported .* by the command line$/),
    ])
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
