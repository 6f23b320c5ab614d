import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { defineVoiceDemo, defineVoiceVideoCall } from '../embed.ts'
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
  })

  it('redraws when the attribute changes, as a site with a theme toggle changes it', async () => {
    const elements = both({ theme: 'light' })
    for (const element of elements) element.setAttribute('theme', 'dark')
    await waitFor(() => expect(elements.map(themeOf)).toEqual(['dark', 'dark']))
    for (const element of elements) element.removeAttribute('theme')
    await waitFor(() => expect(elements.map(themeOf)).toEqual(['auto', 'auto']))
  })

  it("leaves auto, or no theme, to the visitor's system setting, which the stylesheet follows live", () => {
    expect([...both({ theme: 'auto' }), ...both(), ...both({ theme: 'sepia' })].map(themeOf)).toEqual(
      Array(6).fill('auto'),
    )
  })

  it("follows the page's color-scheme on the element when it names one scheme, unless the page chose a theme", async () => {
    // Read in the task after the first render (it forces a style pass): `auto` until then.
    const dark = both({ style: 'color-scheme: dark' })
    expect(dark.map(themeOf)).toEqual(['auto', 'auto'])
    await waitFor(() => expect(dark.map(themeOf)).toEqual(['dark', 'dark']))
    const light = both({ style: 'color-scheme: light' })
    await waitFor(() => expect(light.map(themeOf)).toEqual(['light', 'light']))
    const either = both({ style: 'color-scheme: light dark' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(either.map(themeOf)).toEqual(['auto', 'auto'])
    const chosen = both({ style: 'color-scheme: dark', theme: 'light' })
    expect(chosen.map(themeOf)).toEqual(['light', 'light'])
    await waitFor(() => expect(chosen.map(themeOf)).toEqual(['light', 'light']))
  })
})
