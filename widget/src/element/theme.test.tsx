import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { defineVoiceDemo, defineVoiceVideoCall } from '../testing/define-elements.ts'
import { stubFetch } from '../testing/fake-fetch.ts'
import { waitFor } from '../testing/queries.ts'

// Stays stubbed for the whole file: a panel removed at the end of a test may still ask once.
beforeEach(() => {
  stubFetch()
  defineVoiceDemo()
  defineVoiceVideoCall()
})
afterEach(() => {
  document.body.innerHTML = ''
})

function mount(tag: 'voice-demo' | 'voice-video-call', attributes: Record<string, string> = {}): HTMLElement {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  return element
}
/** The theme the element draws in: its shadow root's top element tells the stylesheet. */
const themeOf = (element: HTMLElement) => element.shadowRoot?.firstElementChild?.getAttribute('data-theme')
/** A `<voice-demo>` and a `<voice-video-call>` with the same attributes. */
const both = (attributes: Record<string, string> = {}) => [
  mount('voice-demo', { slug: 'harbor-realty', ...attributes }),
  mount('voice-video-call', attributes),
]

describe('the theme attribute', () => {
  it('draws both elements in the theme the page asks for', () => {
    expect(both({ theme: 'dark' }).map(themeOf)).toEqual(['dark', 'dark'])
    expect(both({ theme: 'light' }).map(themeOf)).toEqual(['light', 'light'])
    expect(both({ theme: 'system' }).map(themeOf)).toEqual(['system', 'system'])
  })

  it('redraws when the attribute changes, as a site with a theme toggle changes it', async () => {
    const elements = both({ theme: 'light' })
    for (const element of elements) element.setAttribute('theme', 'dark')
    await waitFor(() => expect(elements.map(themeOf)).toEqual(['dark', 'dark']))
    for (const element of elements) element.setAttribute('theme', 'system')
    await waitFor(() => expect(elements.map(themeOf)).toEqual(['system', 'system']))
    for (const element of elements) element.removeAttribute('theme')
    await waitFor(() => expect(elements.map(themeOf)).toEqual(['light', 'light']))
  })
})

describe('theme="auto", the default: the host page as it declares itself', () => {
  afterEach(() => {
    document.head.querySelector('meta[name=color-scheme]')?.remove()
  })
  const declare = (content: string) => {
    const meta = document.createElement('meta')
    meta.name = 'color-scheme'
    meta.content = content
    document.head.append(meta)
  }
  /** Both elements once the page's scheme was read, in the task after the first render. */
  const settled = async (elements: HTMLElement[]) => {
    await new Promise((resolve) => setTimeout(resolve, 0))
    return elements.map(themeOf)
  }

  it("is light on a page that declares no scheme, whatever the visitor's system setting", async () => {
    expect(await settled([...both({ theme: 'auto' }), ...both(), ...both({ theme: 'sepia' })])).toEqual(
      Array(6).fill('light'),
    )
  })

  // Inherited from the page's root in a real browser (e2e/widget-theme.spec.ts): happy-dom does not
  // inherit `color-scheme`, so here the page's CSS is on the element itself.
  it("takes the one scheme the page's CSS names", async () => {
    // Light until read (it forces a style pass), as most pages are.
    const dark = both({ style: 'color-scheme: dark' })
    expect(dark.map(themeOf)).toEqual(['light', 'light'])
    await waitFor(() => expect(dark.map(themeOf)).toEqual(['dark', 'dark']))
    expect(await settled(both({ style: 'color-scheme: only light' }))).toEqual(['light', 'light'])
  })

  it("reads the page's <meta name=color-scheme> when its CSS declares nothing", async () => {
    declare('dark')
    expect(await settled(both())).toEqual(['dark', 'dark'])
    // The page's CSS on the element comes first, as in the browser's own cascade.
    expect(await settled(both({ style: 'color-scheme: light' }))).toEqual(['light', 'light'])
  })

  it("follows the visitor's system setting only where the page declares both schemes", async () => {
    expect(await settled(both({ style: 'color-scheme: light dark' }))).toEqual(['system', 'system'])
    declare('dark light')
    expect(await settled(both())).toEqual(['system', 'system'])
  })

  it('never overrides a theme the page chose', async () => {
    declare('dark')
    const chosen = both({ style: 'color-scheme: dark', theme: 'light' })
    expect(chosen.map(themeOf)).toEqual(['light', 'light'])
    expect(await settled(chosen)).toEqual(['light', 'light'])
  })
})
