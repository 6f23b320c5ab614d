import { render } from 'preact'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DemoFeatures } from '#core/public-config.ts'
import { prospectAnswer, stubFetch } from '../testing/fake-fetch.ts'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { loadedStore, testStore } from '../testing/test-demo-store.ts'
import { DemoPanel } from '../ui/demo-panel.tsx'
import { bootPanelMarkup, loadedPanelMarkup } from './boot-panel.ts'
import { takeOverElements } from './take-over.ts'
import { VoiceDemoElement } from './voice-demo-element.ts'

/** What Preact's panel renders while its prospect loads, in `theme`. */
function preactLoadingPanel(theme: 'light' | 'dark' | 'system'): string {
  const store = testStore({ fetchProspect: () => new Promise(() => {}) })
  const container = document.createElement('div')
  render(
    <DemoPanel store={store} slug="bright-smile-dental" apiBase="https://api.example.com/" theme={theme} />,
    container,
  )
  const html = container.innerHTML
  render(null, container)
  return html
}

/** What Preact's panel renders once `companyName`'s answer has loaded, with `features`. */
async function preactLoadedPanel(companyName: string, features: Partial<DemoFeatures>): Promise<string> {
  const answer = prospectAnswer('bright-smile-dental', features)
  // A page carries its booking beside the answer, never in it (the panel offers none).
  const { booking: _, ...prospect } = answer.prospect
  answer.prospect = { ...prospect, companyName }
  const store = await loadedStore({ fetchProspect: async () => answer }, features)
  const container = document.createElement('div')
  render(
    <DemoPanel store={store} slug="bright-smile-dental" apiBase="https://api.example.com/" theme="dark" />,
    container,
  )
  const html = container.innerHTML
  render(null, container)
  return html
}

describe("the boot's panel", () => {
  it.each(['light', 'dark', 'system'] as const)(
    'is exactly the markup Preact renders while the prospect loads, %s',
    (theme) => {
      expect(bootPanelMarkup(theme)).toBe(preactLoadingPanel(theme))
    },
  )

  it.each([
    ['both calls on', {}],
    ['the browser call off', { browserCall: false }],
    ['both calls off', { browserCall: false, phoneCall: false }],
  ] as const)(
    'is exactly the markup Preact renders for a prospect the page carried, %s',
    async (_, features: Partial<DemoFeatures>) => {
      const answer = prospectAnswer('bright-smile-dental', features)
      const markup = loadedPanelMarkup('dark', {
        companyName: 'Bright Smile Dental',
        features: answer.features,
        unavailableReason: answer.unavailableReason,
      })
      expect(markup).toBe(await preactLoadedPanel('Bright Smile Dental', features))
    },
  )

  it("keeps a hostile company name as text: it closes nothing and runs nothing, as in Preact's panel", async () => {
    const hostile = `Evil & "Co" <img src=x onerror=alert(1)></template></section><script>alert(2)</script> 'x'\u00a0`
    const answer = prospectAnswer('bright-smile-dental')
    const markup = loadedPanelMarkup('dark', {
      companyName: hostile,
      features: answer.features,
      unavailableReason: answer.unavailableReason,
    })
    expect(markup).toBe(await preactLoadedPanel(hostile, {}))
    const parsed = document.createElement('div')
    parsed.innerHTML = markup
    expect(parsed.querySelectorAll('img, script, template')).toHaveLength(0)
    expect(parsed.querySelector('h2')?.textContent).toBe(`Built for ${hostile}`)
  })
})

describe('<voice-demo> before and after the rest of the widget arrives', () => {
  let fetch: ReturnType<typeof stubFetch>
  // Defined, but not taken over: the page between the boot and the rest's arrival.
  beforeAll(() => customElements.define('voice-demo', class extends VoiceDemoElement {}))
  beforeEach(() => {
    fetch = stubFetch()
  })
  afterEach(() => {
    document.body.innerHTML = ''
    vi.unstubAllGlobals()
  })

  const mount = () => {
    const element = document.createElement('voice-demo')
    element.setAttribute('slug', 'bright-smile-dental')
    element.setAttribute('api-base', 'https://api.example.com')
    document.body.append(element)
    return { element, root: element.shadowRoot as ShadowRoot }
  }

  it('draws the real, named buttons and asks for the prospect at once; the rest keeps the nodes, the focus and the click', async () => {
    const { root } = mount()
    const [browser, phone] = queryAllByRole(root, 'button')
    expect([browser?.textContent, phone?.textContent]).toEqual(['Test in Browser', 'Call Me'])
    expect(getByRole(root, 'region', 'AI voice agent demo').getAttribute('aria-busy')).toBe('true')
    // The prospect's request left with the boot, before the rest of the widget is here.
    expect(fetch.mock.calls.map(([input]) => String(input))).toEqual([
      'https://api.example.com/api/prospects/bright-smile-dental',
    ])
    phone?.focus()
    phone?.click() // kept until the rest has arrived
    expect(queryAllByRole(root, 'dialog')).toHaveLength(0)

    takeOverElements()
    // Preact rendered over the boot's nodes: the same buttons, the focus where it was.
    expect(queryAllByRole(root, 'button')).toEqual([browser, phone])
    expect(root.activeElement).toBe(phone)
    // The click made before is acted on: the prospect (from the boot's request), then the dialog.
    await waitFor(() => getByRole(root, 'heading', 'Built for Bright Smile Dental'))
    await waitFor(() => getByRole(root, 'dialog', 'Get a Call from Our AI Assistant'))
    // One request for the prospect: the rest took the boot's.
    expect(fetch.mock.calls.filter(([input]) => String(input).includes('/api/prospects/'))).toHaveLength(1)
  })

  it("draws in the page's scheme from its first paint, and the rest takes over in that theme", () => {
    VoiceDemoElement.behave = null // the rest not here yet (an earlier test's takeover gave it)
    const element = document.createElement('voice-demo')
    element.setAttribute('slug', 'bright-smile-dental')
    element.setAttribute('style', 'color-scheme: dark') // as a dark page's own rule would set it
    document.body.append(element)
    const panel = () => getByRole(element.shadowRoot as ShadowRoot, 'region', 'AI voice agent demo')
    // Read before the panel was drawn: no light frame first on a dark page.
    expect(panel().getAttribute('data-theme')).toBe('dark')
    const drawn = panel()
    takeOverElements()
    // The takeover renders in the boot's theme (it reads the page again only in a later task).
    expect(panel()).toBe(drawn)
    expect(panel().getAttribute('data-theme')).toBe('dark')
  })
})
