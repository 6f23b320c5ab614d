import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { CSRF_HEADER } from '#core/rep-api.ts'
import type { WebsiteReading } from '#core/website-reading.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answerTemplates, description, field, type } from '../testing/form-queries.ts'
import { answer, errorAnswer, MAYA_DETAIL, MAYA_FIELDS, pending, SESSION } from '../testing/rep-fixtures.ts'
import { BRIGHT_SMILE_READING, HOURS_TEXT, LOGO } from '../testing/website-fixtures.ts'
import { ProspectFormPage } from './prospect-form-page.tsx'

let requests: ReturnType<typeof installFakeFetch>

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  window.history.replaceState(null, '', '/_/prospects/new')
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
  window.history.replaceState(null, '', '/')
  sessionStorage.clear() // the form's drafts
})

const READ_URL = '/api/reps/website-readings'
const fillButton = () => screen.getByRole('button', { name: /^(Fill from website|Reading…)$/ })
const proposals = () => screen.getByRole('region', { name: 'Details found on bright-smile.example' })
const tick = (label: string) => within(proposals()).getByRole('checkbox', { name: label }) as HTMLInputElement
/** The words of a proposal's row (its value, what the form has now, and where it was found). */
const rowText = (label: string) => tick(label).closest('li')?.textContent ?? ''
const instructions = () =>
  within(screen.getByRole('region', { name: 'Preview' })).getByRole('region', {
    name: "The agent's instructions",
  }).textContent

/** A new prospect typed by the rep, with a city of their own, and the website pasted in. */
async function typeNewProspect() {
  render(<ProspectFormPage slug={null} />)
  await answerTemplates(requests)
  type('Company name', 'Bright Smile Family Dentistry')
  type('Contact name', MAYA_FIELDS.name)
  type('City', 'Austin')
  type('Website', 'bright-smile.example')
}

async function readSite(reading: WebsiteReading = BRIGHT_SMILE_READING) {
  fireEvent.click(fillButton())
  await answer(pending(requests, READ_URL), Response.json(reading))
}

describe('Fill from website', () => {
  it('waits for an address, then reads it with the CSRF token while saying so, with Cancel', async () => {
    render(<ProspectFormPage slug={null} />)
    expect((fillButton() as HTMLButtonElement).disabled).toBe(true)
    type('Website', '  ')
    expect((fillButton() as HTMLButtonElement).disabled).toBe(true)
    type('Website', ' bright-smile.example ')
    expect((fillButton() as HTMLButtonElement).disabled).toBe(false)
    expect(fillButton().getAttribute('type')).toBe('button') // never submits the form

    fireEvent.click(fillButton())
    const request = pending(requests, READ_URL)
    expect(request.method).toBe('POST')
    expect(request.headers.get(CSRF_HEADER)).toBe(SESSION.csrfToken)
    expect(JSON.parse(String(request.body))).toEqual({ website: 'bright-smile.example' })
    expect(description('Website')).toContain('Reading bright-smile.example… This can take up to 10 seconds.')
    expect(fillButton().textContent).toBe('Reading…')
    expect((fillButton() as HTMLButtonElement).disabled).toBe(true)
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel' }))
    expect(requests.filter((r) => r.url === '/api/reps/prospects')).toHaveLength(0)
  })

  it('proposes each detail with where it was found; what the rep typed starts unticked, blanks ticked', async () => {
    await typeNewProspect()
    await readSite()
    expect(document.activeElement).toBe(
      within(proposals()).getByRole('heading', { name: 'Details found on bright-smile.example' }),
    )
    expect(description('Website')).toContain('Found 9 details on bright-smile.example.')

    // Typed differently: shown beside what the form has, and left alone unless ticked.
    expect(tick('Company name').checked).toBe(false)
    expect(rowText('Company name')).toContain('Now: Bright Smile Family Dentistry')
    expect(tick('City').checked).toBe(false)
    expect(rowText('City')).toContain('SpringfieldNow: Austin')
    // Blank (the general kind of business is none chosen): ticked, the kind named by its label.
    for (const label of ['Kind of business', 'Opening hours', 'Phone number', 'Logo', 'Brand colour']) {
      expect(tick(label).checked, label).toBe(true)
      expect(rowText(label), label).not.toContain('Now:')
    }
    expect(rowText('Kind of business')).toMatch(/^Kind of businessDental practice/)
    expect(rowText('Brand colour')).toContain('#0e7490')
    expect(
      within(tick('Logo').closest('li') as HTMLElement)
        .getByRole('img')
        .getAttribute('src'),
    ).toBe(`/api/logos/${LOGO}`)
    screen.getByText('7 of 9 selected')

    // Where each was found, in words, linking to the page (a new tab, no referrer).
    expect(rowText('City')).toContain('From structured data on /contact')
    expect(rowText('Opening hours')).toContain('From page text on /hours')
    expect(rowText('Brand colour')).toContain('From meta tags on bright-smile.example')
    expect(rowText('About the business')).toContain(
      'From AI summary of the page text on bright-smile.example',
    )
    const source = within(tick('City').closest('li') as HTMLElement).getByRole('link', {
      name: '/contact (opens in a new tab)',
    })
    expect(source.getAttribute('href')).toBe('https://bright-smile.example/contact')
    expect(source.getAttribute('target')).toBe('_blank')
    expect(source.getAttribute('rel')).toBe('noreferrer')
    within(proposals()).getByText(
      "Read from the site's own data and text only: the AI summary is not set up on this server.",
    )
  })

  it('puts only the ticked details in the form, says how many, and the preview shows them at once', async () => {
    await typeNewProspect()
    await readSite()
    fireEvent.click(within(proposals()).getByRole('button', { name: 'Use selected' }))

    expect(screen.queryByRole('region', { name: /^Details found on/ })).toBeNull()
    expect(description('Website')).toContain('Filled 7 details from the website.')
    expect(document.activeElement).toBe(fillButton())
    // What the rep typed stays; the slug still follows their company name.
    expect(field('Company name').value).toBe('Bright Smile Family Dentistry')
    expect(field('Slug').value).toBe('bright-smile-family-dentistry')
    expect(field('City').value).toBe('Austin')
    expect(field('Kind of business').value).toBe('dental')
    expect(field('Opening hours').value).toBe(HOURS_TEXT)
    expect(field('Phone number').value).toBe('(217) 555-0134')
    expect(field('Brand colour').value).toBe('#0e7490')
    const logo = within(screen.getByRole('group', { name: 'Logo' })).getByRole('img', {
      name: 'Bright Smile Family Dentistry logo',
    })
    expect(logo.getAttribute('src')).toBe(`/api/logos/${LOGO}`)
    expect(instructions()).toContain(`a dental practice in Austin. The practice is open ${HOURS_TEXT}.`)

    // Saved as filled in.
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    const saved = JSON.parse(String(requests.findLast((r) => r.method === 'POST')?.body))
    expect(saved).toMatchObject({
      city: 'Austin',
      opening_hours: HOURS_TEXT,
      logo: LOGO,
      theme_color: '#0e7490',
    })
  })

  it('uses just the details ticked by hand, and Dismiss changes nothing', async () => {
    await typeNewProspect()
    await readSite()
    fireEvent.click(within(proposals()).getByRole('button', { name: 'Select none' }))
    const use = within(proposals()).getByRole('button', { name: 'Use selected' }) as HTMLButtonElement
    expect(use.disabled).toBe(true)
    fireEvent.click(tick('City'))
    fireEvent.click(use)
    expect(description('Website')).toContain('Filled 1 detail from the website.')
    expect(field('City').value).toBe('Springfield')
    expect(field('Opening hours').value).toBe('')
    expect(field('Kind of business').value).toBe('general')

    await readSite()
    fireEvent.click(within(proposals()).getByRole('button', { name: 'Select all' }))
    expect(tick('Company name').checked).toBe(true)
    fireEvent.click(within(proposals()).getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByRole('region', { name: /^Details found on/ })).toBeNull()
    expect(document.activeElement).toBe(fillButton())
    expect(field('Company name').value).toBe('Bright Smile Family Dentistry')
    expect(field('Opening hours').value).toBe('')
  })

  it('says when the site had nothing to fill in, and when the AI summary could not be used', async () => {
    await typeNewProspect()
    await readSite({ ...BRIGHT_SMILE_READING, facts: [], ai: 'used' })
    within(proposals()).getByText('Nothing to fill in: the site has no details we could read.')
    expect(within(proposals()).queryByRole('button', { name: 'Use selected' })).toBeNull()
    expect(within(proposals()).queryByText(/AI summary/)).toBeNull()
    fireEvent.click(within(proposals()).getByRole('button', { name: 'Dismiss' }))

    await readSite({ ...BRIGHT_SMILE_READING, ai: 'failed' })
    within(proposals()).getByText(
      "The AI summary could not be used this time; these come from the site's own data and text.",
    )
  })

  it("shows the server's reason under the website, until another address is typed", async () => {
    await typeNewProspect()
    fireEvent.click(fillButton())
    await answer(
      pending(requests, READ_URL),
      errorAnswer(422, 'website_unreadable', 'That address is on a private network'),
    )
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toBe('That address is on a private network')
    // Under the website field, not on the form as a whole; the field itself is not marked wrong.
    expect(field('Website').compareDocumentPosition(alert) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    expect(field('Website').getAttribute('aria-invalid')).toBeNull()
    expect(document.activeElement).toBe(fillButton())
    expect(field('City').value).toBe('Austin')

    type('Website', 'bright-smile-dental.example')
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('stops at Cancel: the request is aborted and a late answer changes nothing', async () => {
    requests = installFakeFetch({ ignoreAbort: true }) // the network answers anyway
    await typeNewProspect()
    fireEvent.click(fillButton())
    const request = pending(requests, READ_URL)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(request.signal?.aborted).toBe(true)
    expect(description('Website')).toContain('Stopped reading the website. Nothing was changed.')
    expect(document.activeElement).toBe(fillButton())
    expect(fillButton().textContent).toBe('Fill from website')

    await answer(request, Response.json(BRIGHT_SMILE_READING))
    expect(screen.queryByRole('region', { name: /^Details found on/ })).toBeNull()
    expect(field('Opening hours').value).toBe('')
  })
})

describe('Refresh from website', () => {
  it('reads the saved site as the edit form opens, and shows what would change beside what is saved', async () => {
    window.history.replaceState(null, '', '/_/prospects/bright-smile-dental/edit?refresh=website')
    render(<ProspectFormPage slug="bright-smile-dental" />)
    const saved = { ...MAYA_FIELDS, website: 'https://bright-smile.example/' }
    await answer(
      pending(requests, '/api/reps/prospects/bright-smile-dental'),
      Response.json({ ...MAYA_DETAIL, fields: saved }),
    )
    await answerTemplates(requests)
    const request = pending(requests, READ_URL)
    expect(JSON.parse(String(request.body))).toEqual({ website: 'https://bright-smile.example/' })
    // Read once: a reload opens the form as it is.
    expect(window.location.pathname + window.location.search).toBe('/_/prospects/bright-smile-dental/edit')

    await answer(request, Response.json(BRIGHT_SMILE_READING))
    expect(rowText('City')).toContain('SpringfieldNow: Austin')
    expect(tick('City').checked).toBe(false)
    expect(rowText('Opening hours')).toContain(`Now: ${MAYA_FIELDS.opening_hours}`)
    expect(tick('Opening hours').checked).toBe(false)
    expect(rowText('Company name')).toContain('The same as now.')
    expect(tick('Company name').checked).toBe(true)
    expect(tick('Kind of business').checked).toBe(true)
    expect(tick('Phone number').checked).toBe(true)
  })

  it('reads nothing on a plain edit', async () => {
    window.history.replaceState(null, '', '/_/prospects/bright-smile-dental/edit')
    render(<ProspectFormPage slug="bright-smile-dental" />)
    const saved = { ...MAYA_FIELDS, website: 'https://bright-smile.example/' }
    await answer(
      pending(requests, '/api/reps/prospects/bright-smile-dental'),
      Response.json({ ...MAYA_DETAIL, fields: saved }),
    )
    expect(requests.some((r) => r.url === READ_URL)).toBe(false)
  })
})

describe("The business's own details", () => {
  it('keeps About the business on one line, clears the colour and removes the logo', async () => {
    window.history.replaceState(null, '', '/_/prospects/bright-smile-dental/edit')
    render(<ProspectFormPage slug="bright-smile-dental" />)
    const saved = { ...MAYA_FIELDS, logo: LOGO, theme_color: '#0e7490' }
    await answer(
      pending(requests, '/api/reps/prospects/bright-smile-dental'),
      Response.json({ ...MAYA_DETAIL, fields: saved }),
    )
    type('About the business', 'Family dentistry.\nSince 2009.')
    expect(field('About the business').value).toBe('Family dentistry. Since 2009.')
    expect(field('About the business').getAttribute('aria-invalid')).toBeNull()

    expect(field('Brand colour').value).toBe('#0e7490')
    fireEvent.click(screen.getByRole('button', { name: 'Clear the brand colour' }))
    expect(field('Brand colour').value).toBe('')
    expect(document.activeElement).toBe(field('Brand colour'))
    type('Brand colour', 'teal')
    fireEvent.blur(field('Brand colour'))
    expect(description('Brand colour')).toContain('Brand colour must be a colour written #rrggbb')

    const logo = screen.getByRole('group', { name: 'Logo' })
    within(logo).getByRole('img', { name: 'Bright Smile Dental logo' })
    fireEvent.click(within(logo).getByRole('button', { name: 'Remove the logo' }))
    expect(within(logo).queryByRole('img')).toBeNull()
    expect(document.activeElement).toBe(logo)
    within(logo).getByText(/^No logo\./)
  })
})
