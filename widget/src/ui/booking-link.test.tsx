import { render } from 'preact'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ProspectBooking } from '#core/prospect.ts'
import { prospectAnswer } from '../testing/fake-fetch.ts'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { testStore } from '../testing/test-demo-store.ts'
import { DemoPanel } from './demo-panel.tsx'

let host: HTMLElement
let root: ShadowRoot
beforeEach(() => {
  host = document.createElement('div')
  document.body.append(host)
  root = host.attachShadow({ mode: 'open' })
})
afterEach(() => {
  render(null, root)
  host.remove()
})

/** The panel on a partner's page, for a prospect whose answer offers `booking` (or none). */
function showPanel(booking: ProspectBooking | undefined, features = {}) {
  const store = testStore({
    owner: host,
    fetchProspect: async (slug) => {
      const answer = prospectAnswer(slug, features)
      return { ...answer, prospect: { ...answer.prospect, ...(booking && { booking }) } }
    },
  })
  render(<DemoPanel store={store} slug="bright-smile-dental" apiBase="https://x" />, root)
}

describe("the panel's booking link", () => {
  it("opens the rep's scheduler in a new tab, naming the rep", async () => {
    showPanel({
      url: 'https://calendly.com/sam-rivera/30min',
      rep: { name: 'Sam Rivera', firstName: 'Sam', photo: null },
      label: 'Book a call with Sam',
    })
    const link = await waitFor(() => getByRole(root, 'link', 'Book a call with Sam'))
    expect(link.getAttribute('href')).toBe('https://calendly.com/sam-rivera/30min')
    expect(link.getAttribute('target')).toBe('_blank')
  })

  it("says only 'Book a call' for the team's scheduler, and is absent without one", async () => {
    showPanel({ url: 'https://calendly.com/team/15min', rep: null, label: 'Book a call' })
    await waitFor(() => getByRole(root, 'link', 'Book a call'))
    render(null, root)
    showPanel(undefined)
    await waitFor(() => getByRole(root, 'button', 'Call Me'))
    await waitFor(() => expect(root.querySelector('section')?.getAttribute('aria-busy')).toBe('false'))
    expect(queryAllByRole(root, 'link')).toEqual([])
  })

  it('gives way to what the status line must say (calls off), so the panel keeps its height', async () => {
    showPanel(
      { url: 'https://calendly.com/team/15min', rep: null, label: 'Book a call' },
      { browserCall: false, phoneCall: false },
    )
    await waitFor(() => expect(root.getElementById('demo-status')?.textContent).not.toBe(''))
    expect(queryAllByRole(root, 'link')).toEqual([])
  })
})
