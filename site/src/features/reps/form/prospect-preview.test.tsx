import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProspectResponse } from '#core/prospect.ts'
import { installFakeFetch } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answerTemplates, description, field, type } from '../testing/form-queries.ts'
import { answer, errorAnswer, MAYA_DETAIL, MAYA_FIELDS, pending, SESSION } from '../testing/rep-fixtures.ts'
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

const ALL_FEATURES = { browserCall: true, phoneCall: true, videoCall: true }
const preview = () => screen.getByRole('region', { name: 'Preview' })
/** The agent's first message and instructions as the preview shows them. */
const firstMessage = () =>
  within(preview()).getByRole('heading', { name: 'What the agent says first' }).nextElementSibling
    ?.textContent
const instructions = () =>
  within(preview()).getByRole('region', { name: "The agent's instructions" }).textContent
/** What the preview's panel was given as its answer, once the typing has settled. */
const panelAnswer = () =>
  JSON.parse(
    document.querySelector('voice-demo')?.getAttribute('data-prospect') ?? 'null',
  ) as ProspectResponse | null

async function answerConfig() {
  await answer(pending(requests, '/api/config'), Response.json({ features: ALL_FEATURES }))
}

function typeMaya() {
  type('Company name', MAYA_FIELDS.company_name)
  type('Contact name', MAYA_FIELDS.name)
}

describe('ProspectPreview: the agent as it is typed', () => {
  it('offers the kinds of business from the server and renders the chosen one’s words', async () => {
    render(<ProspectFormPage slug={null} />)
    const select = screen.getByRole('combobox', { name: 'Kind of business' }) as HTMLSelectElement
    expect(select.disabled).toBe(true)
    expect(select.textContent).toBe('Loading the kinds of business…')
    within(preview()).getByText("Loading the kinds of business to show the agent's words…")

    await answerTemplates(requests)
    expect(select.disabled).toBe(false)
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Any business', 'Dental practice'])
    expect(select.value).toBe('general') // a new prospect starts with the general agent
    typeMaya()
    expect(firstMessage()).toBe('Hello, you have reached Bright Smile Dental. How can I help you today?')

    type('Kind of business', 'dental')
    expect(description('Kind of business')).toContain('Books check-ups, cleanings and urgent visits.')
    expect(firstMessage()).toBe('Thank you for calling Bright Smile Dental. Are you calling to book a visit?')
    expect(instructions()).toContain(
      'You are Ava, the receptionist of Bright Smile Dental, a dental practice.',
    )
  })

  it('leaves an empty detail out cleanly, and says it once it is typed', async () => {
    render(<ProspectFormPage slug={null} />)
    await answerTemplates(requests)
    typeMaya()
    type('Kind of business', 'dental')
    for (const text of [firstMessage(), instructions()]) {
      expect(text).not.toMatch(/\{\{|\{%|undefined|null| in \.| in ,|\s[.,]/)
    }
    expect(instructions()).toContain('The practice is open at hours the team will confirm.')

    type('City', '  Austin ')
    type('Opening hours', 'Monday to Friday, 8 am to 6 pm')
    expect(firstMessage()).toBe(
      'Thank you for calling Bright Smile Dental in Austin. Are you calling to book a visit?',
    )
    expect(instructions()).toContain('a dental practice in Austin. The practice is open Monday to Friday')
  })

  it('speaks the prospect’s own words in place of the template’s, placeholders filled in', async () => {
    render(<ProspectFormPage slug={null} />)
    await answerTemplates(requests)
    typeMaya()
    type('Own first message (optional)', 'Hi {{ name }}, {{ company_name }} here.')
    expect(firstMessage()).toBe('Hi Dr. Maya Patel, Bright Smile Dental here.')
    expect(instructions()).toBe(
      'You answer the phone for Bright Smile Dental. This is a demo built for Dr. Maya Patel.',
    )

    type('Own system prompt (optional)', 'You book cleanings.')
    expect(instructions()).toBe('You book cleanings.')
    type('Own first message (optional)', '')
    expect(firstMessage()).toBe('Hello, you have reached Bright Smile Dental. How can I help you today?')
  })

  it('marks a placeholder the agent does not know under the field that has it', async () => {
    render(<ProspectFormPage slug={null} />)
    await answerTemplates(requests)
    const label = 'Own first message (optional)'
    type(label, 'Hi {{ first_name }}!')
    expect(field(label).getAttribute('aria-invalid')).toBe('true')
    expect(description(label)).toMatch(/"first_name" is not a placeholder/)
    type(label, 'Hi {{ name }}!')
    expect(field(label).getAttribute('aria-invalid')).toBeNull()
  })

  it('gives the panel the rendered agent and its values; Call Me waits for a saved prospect', async () => {
    render(<ProspectFormPage slug={null} />)
    await answerConfig()
    await answerTemplates(requests)
    typeMaya()
    type('Kind of business', 'dental')
    type('City', 'Austin')
    within(preview()).getByText(/create the prospect to try it by phone/)
    await vi.waitFor(() =>
      expect(panelAnswer()?.prospect).toEqual({
        slug: 'bright-smile-dental',
        name: MAYA_FIELDS.name,
        companyName: MAYA_FIELDS.company_name,
        firstMessage: 'Thank you for calling Bright Smile Dental in Austin. Are you calling to book a visit?',
        system:
          'You are Ava, the receptionist of Bright Smile Dental, a dental practice in Austin. ' +
          'The practice is open at hours the team will confirm.',
        variables: { name: MAYA_FIELDS.name, company_name: MAYA_FIELDS.company_name, city: 'Austin' },
        assistantId: null,
      }),
    )
    expect(panelAnswer()?.features).toEqual({ ...ALL_FEATURES, phoneCall: false })
    expect(document.querySelector('voice-demo')?.getAttribute('slug')).toBe('bright-smile-dental')
  })

  it('still saves with the kind left as it is when the kinds cannot be loaded', async () => {
    render(<ProspectFormPage slug={null} />)
    await answer(pending(requests, '/api/reps/templates'), errorAnswer(503, 'unavailable', 'Try again soon.'))
    screen.getByText(/The kinds of business could not be loaded\. Try again soon\./)
    expect((field('Kind of business') as unknown as HTMLSelectElement).disabled).toBe(true)
    within(preview()).getByText(
      "The agent's words cannot be shown: the kinds of business could not be loaded.",
    )
    typeMaya()
    fireEvent.click(screen.getByRole('button', { name: 'Create prospect' }))
    const request = requests.findLast((r) => r.method === 'POST')
    expect(JSON.parse(String(request?.body)).template).toBe('general')
  })
})

describe('ProspectPreview: Call Me', () => {
  async function editMaya() {
    window.history.replaceState(null, '', '/_/prospects/bright-smile-dental/edit')
    render(<ProspectFormPage slug="bright-smile-dental" />)
    await answer(pending(requests, '/api/reps/prospects/bright-smile-dental'), Response.json(MAYA_DETAIL))
    await answerConfig()
    await answerTemplates(requests)
  }

  it('is on for the saved prospect as it is, and off once the form differs from it', async () => {
    await editMaya()
    within(preview()).getByText(/Call Me phones with this agent too, as it is saved\./)
    await vi.waitFor(() => expect(panelAnswer()?.features).toEqual(ALL_FEATURES))

    type('City', 'Round Rock')
    within(preview()).getByText(/save your changes to try them by phone/)
    await vi.waitFor(() => expect(panelAnswer()?.features.phoneCall).toBe(false))

    type('City', 'Austin ') // back as saved (what is stored is trimmed)
    within(preview()).getByText(/Call Me phones with this agent too, as it is saved\./)
    await vi.waitFor(() => expect(panelAnswer()?.features.phoneCall).toBe(true))
  })
})
