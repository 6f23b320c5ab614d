import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAGE_ANSWER_ATTRIBUTE } from '../api/public-api.ts'
import { prospectAnswer, stubFetch } from '../testing/fake-fetch.ts'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { declarativePanel } from './declarative-panel.ts'
import { takeOverElements } from './take-over.ts'
import { VoiceDemoElement } from './voice-demo-element.ts'

const answer = prospectAnswer('bright-smile-dental')
const prospect = {
  companyName: answer.prospect.companyName,
  features: answer.features,
  unavailableReason: answer.unavailableReason,
}

describe('the declarative panel', () => {
  it('is a template that makes an open shadow root: its stylesheet, then the panel as loaded', () => {
    const panel = declarativePanel('.panel-body{display:flex}', 'dark', prospect)
    expect(panel?.html.startsWith('<template shadowrootmode="open"><style>.panel-body{display:flex}')).toBe(
      true,
    )
    expect(panel?.style).toContain(':host::before{content:none!important}')
    expect(panel?.html).toContain(`<style>${panel?.style}</style><section data-theme="dark"`)
    expect(panel?.html).toContain('Built for Bright Smile Dental</h2>')
    expect(panel?.html.endsWith('</section></template>')).toBe(true)
  })

  it('is refused for a stylesheet that could close its element early', () => {
    expect(declarativePanel('a{}</style><script>alert(1)</script>', 'light', prospect)).toBeNull()
  })
})

describe('<voice-demo> in a page that drew its panel', () => {
  let fetch: ReturnType<typeof stubFetch>
  beforeEach(() => {
    fetch = stubFetch()
    VoiceDemoElement.behave = null // the rest of the widget not here yet
  })
  afterEach(() => {
    document.body.innerHTML = ''
    vi.unstubAllGlobals()
  })

  /**
   * The element as the parser leaves it: its shadow root made from the page's template before the
   * element was defined (an imperative root here: `attachShadow` on it would throw, so the test also
   * shows the element never asks for another).
   */
  const drawnPage = (tag: string) => {
    const element = document.createElement(tag)
    element.setAttribute('slug', 'bright-smile-dental')
    element.setAttribute('theme', 'dark')
    element.setAttribute('api-base', 'https://api.example.com')
    const { prospect: carried, ...rest } = answer
    element.setAttribute(PAGE_ANSWER_ATTRIBUTE, JSON.stringify({ ...rest, prospect: carried }))
    const root = element.attachShadow({ mode: 'open' })
    const template = document.createElement('template')
    template.innerHTML = declarativePanel('.panel-body{display:flex}', 'dark', prospect)?.html ?? ''
    root.innerHTML = (template.content.firstElementChild as HTMLTemplateElement).innerHTML
    document.body.append(element)
    return { element, root }
  }

  it('keeps the root and its nodes when defined and taken over, the focus where it was, and asks nothing', () => {
    const { element, root } = drawnPage('drawn-demo')
    const [browser, phone] = queryAllByRole(root, 'button')
    phone?.focus()
    customElements.define('drawn-demo', class extends VoiceDemoElement {})
    expect(element.shadowRoot).toBe(root)
    // The page's own stylesheet went when the element adopted its copy of it.
    expect(root.querySelector('style')).toBeNull()
    expect(root.adoptedStyleSheets).toHaveLength(1)
    takeOverElements()
    const [browserAfter, phoneAfter] = queryAllByRole(root, 'button')
    expect(browserAfter).toBe(browser)
    expect(phoneAfter).toBe(phone)
    expect(root.activeElement).toBe(phone)
    expect(getByRole(root, 'heading', 'Built for Bright Smile Dental').tagName).toBe('H2')
    expect(getByRole(root, 'region', 'AI voice agent demo').getAttribute('data-theme')).toBe('dark')
    // The page carried its answer: nobody asked the API for the prospect.
    expect(fetch.mock.calls.filter(([input]) => String(input).includes('/api/prospects/'))).toHaveLength(0)
  })

  it('keeps a click made after the boot, before the rest arrived, and acts on it then', async () => {
    const { root } = drawnPage('drawn-demo-clicked')
    customElements.define('drawn-demo-clicked', class extends VoiceDemoElement {})
    getByRole(root, 'button', 'Call Me').click()
    expect(queryAllByRole(root, 'dialog')).toHaveLength(0)
    takeOverElements()
    await waitFor(() => getByRole(root, 'dialog', 'Get a Call from Our AI Assistant'))
  })

  it('is drawn while loading by the boot where the page carried its answer but no root (no declarative shadow DOM), and filled in by the rest', async () => {
    const element = document.createElement('carried-demo')
    element.setAttribute('slug', 'bright-smile-dental')
    element.setAttribute(PAGE_ANSWER_ATTRIBUTE, JSON.stringify(answer))
    document.body.append(element)
    customElements.define('carried-demo', class extends VoiceDemoElement {})
    const root = element.shadowRoot as ShadowRoot
    expect(getByRole(root, 'region', 'AI voice agent demo').getAttribute('aria-busy')).toBe('true')
    const [browser, phone] = queryAllByRole(root, 'button')
    browser?.focus()
    takeOverElements()
    const [browserAfter, phoneAfter] = queryAllByRole(root, 'button')
    expect([browserAfter === browser, phoneAfter === phone]).toEqual([true, true])
    expect(root.activeElement).toBe(browser)
    await waitFor(() => getByRole(root, 'heading', 'Built for Bright Smile Dental'))
    expect(fetch.mock.calls.filter(([input]) => String(input).includes('/api/prospects/'))).toHaveLength(0)
  })
})
