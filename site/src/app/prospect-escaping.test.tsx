import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { answerProspect, installFakeFetch, MAYA } from '../testing/fake-fetch.ts'
import { App } from './app.tsx'

// Prospect fields come from a CSV an operator imported, maybe scraped from the web: a page must show
// them as text, never as markup.
const NAME = '<img src=x onerror=alert(1)>'
const COMPANY = '<script>alert(2)</script>&amp; Co'

let requests: ReturnType<typeof installFakeFetch>
beforeEach(() => {
  requests = installFakeFetch()
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
})

it('renders a hostile name and company on /{slug} as text, everywhere the page shows them', async () => {
  const alert = vi.fn()
  vi.stubGlobal('alert', alert)
  window.history.replaceState(null, '', '/hostile-prospect')
  render(<App />)
  const request = requests.at(-1)
  if (!request) throw new Error('the page did not ask for the prospect')
  await act(async () =>
    request.respond(answerProspect({ ...MAYA, slug: 'hostile-prospect', name: NAME, companyName: COMPANY })),
  )

  screen.getByRole('heading', { level: 1, name: `Hey ${NAME}, here's what I've built for ${COMPANY}` })
  screen.getByText(`Tailored just for you, ${NAME}`)
  screen.getByRole('heading', { level: 2, name: new RegExp(`${escapeRegExp(NAME)}\\?$`) })
  expect(document.body.textContent).toContain(`custom AI voice agent for ${COMPANY}.`)
  expect(document.body.textContent).toContain(`${COMPANY}'s`) // the onboarding plan's intro
  expect(document.title).toContain(COMPANY)
  // No element was made from the text: no image to fire onerror, no script.
  expect(document.querySelectorAll('img[src="x"], img[onerror]')).toHaveLength(0)
  expect(document.body.querySelectorAll('script')).toHaveLength(0)
  expect(document.body.innerHTML).toContain('&lt;img src=x onerror=alert(1)&gt;')
  expect(document.body.innerHTML).toContain('&amp;amp; Co')
  expect(alert).not.toHaveBeenCalled()
})

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
