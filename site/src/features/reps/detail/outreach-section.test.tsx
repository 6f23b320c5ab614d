import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_OUTREACH_WORDING, type OutreachWordingResponse } from '#core/rep-api.ts'
import { installFakeFetch, type PendingRequest } from '../../../testing/fake-fetch.ts'
import { keepSession, resetSession } from '../session/session-store.ts'
import { answer, BOB, MAYA_FIELDS, pending, SESSION } from '../testing/rep-fixtures.ts'
import { OutreachSection } from './outreach-section.tsx'

let requests: PendingRequest[]
const WORDING: OutreachWordingResponse = {
  wording: DEFAULT_OUTREACH_WORDING,
  isDefault: true,
  updated: null,
  repName: 'Ann Lee',
}

/** What the page put on the clipboard, each item's types read back as text. */
let written: Record<string, string>[]
class FakeClipboardItem {
  constructor(readonly items: Record<string, Blob>) {}
}

beforeEach(() => {
  requests = installFakeFetch()
  keepSession(SESSION)
  written = []
  vi.stubGlobal('ClipboardItem', FakeClipboardItem)
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      write: async (items: FakeClipboardItem[]) => {
        for (const item of items) {
          const entries = await Promise.all(
            Object.entries(item.items).map(async ([type, blob]) => [type, await blob.text()] as const),
          )
          written.push(Object.fromEntries(entries))
        }
      },
      writeText: async (text: string) => {
        written.push({ 'text/plain': text })
      },
    },
  })
})
afterEach(() => {
  cleanup()
  resetSession()
  vi.unstubAllGlobals()
})

async function renderLoaded(isAdmin: boolean) {
  render(<OutreachSection fields={MAYA_FIELDS} isAdmin={isAdmin} />)
  await answer(pending(requests, '/api/reps/outreach-wording'), Response.json(WORDING))
  return screen.getByRole('region', { name: 'Email Maya' })
}

describe('OutreachSection', () => {
  it('copies the email as HTML and text in one item, and says so', async () => {
    const section = await renderLoaded(false)
    const origin = window.location.origin
    await act(async () => fireEvent.click(within(section).getByRole('button', { name: 'Copy email' })))
    expect(written).toHaveLength(1)
    const [item] = written
    expect(item?.['text/plain']).toMatch(/^Hi Maya,\n\n/)
    expect(item?.['text/plain']).toMatch(/Best,\nAnn Lee$/)
    const html = new DOMParser().parseFromString(item?.['text/html'] ?? '', 'text/html')
    const img = html.querySelector('img')
    expect(img?.getAttribute('src')).toBe(`${origin}/${MAYA_FIELDS.slug}/preview.png`)
    expect(img?.closest('a')?.getAttribute('href')).toBe(`${origin}/${MAYA_FIELDS.slug}?via=email`)
    expect(within(section).getAllByRole('status')[0]?.textContent).toBe('Copied')
    // A rep reads the wording; only an admin is offered to change it.
    expect(within(section).queryByRole('button', { name: 'Change the wording for everyone' })).toBeNull()
  })

  it('lets an admin save a new wording for everyone, refusing a broken one in words first', async () => {
    keepSession({ ...SESSION, rep: BOB })
    const section = await renderLoaded(true)
    fireEvent.click(within(section).getByRole('button', { name: 'Change the wording for everyone' }))
    const linkedin = within(section).getByLabelText('LinkedIn message')
    fireEvent.change(linkedin, { target: { value: 'Hi {{ first_name }}' } })
    expect(linkedin.getAttribute('aria-invalid')).toBe('true')
    expect(
      within(section).getByText(/LinkedIn message: \{\{ first_name \}\} may be empty there/),
    ).toBeTruthy()
    expect(within(section).getByRole('button', { name: 'Save for everyone' })).toHaveProperty(
      'disabled',
      true,
    )
    fireEvent.change(linkedin, { target: { value: 'Hi {{ first_name | default: "there" }}: {{ link }}' } })
    fireEvent.click(within(section).getByRole('button', { name: 'Save for everyone' }))
    const put = pending(requests, '/api/reps/outreach-wording')
    expect(put.method).toBe('PUT')
    expect(JSON.parse(String(put.body))).toEqual({
      ...DEFAULT_OUTREACH_WORDING,
      linkedin: 'Hi {{ first_name | default: "there" }}: {{ link }}',
    })
    const saved = { ...WORDING, wording: JSON.parse(String(put.body)), isDefault: false }
    await answer(put, Response.json(saved))
    expect(within(section).getByTestId('linkedin-message').textContent).toBe(
      `Hi Maya: ${window.location.origin}/${MAYA_FIELDS.slug}?via=linkedin`,
    )
  })
})
