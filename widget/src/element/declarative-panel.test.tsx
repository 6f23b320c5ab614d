import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PAGE_ANSWER_ATTRIBUTE } from '../api/public-api.ts'
import { prospectAnswer, stubFetch } from '../testing/fake-fetch.ts'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { VOICE_NOT_CONFIGURED } from '../voice/start-when-loaded.ts'
import { declarativePanel } from './declarative-panel.ts'
import { EARLY_PRESS_SCRIPT, earlyPressScript, PRESSED_ATTRIBUTE } from './early-press.ts'
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

  it("carries the script that keeps an early press, for the page's head", () => {
    expect(declarativePanel('p{}', 'light', prospect)?.script).toBe(EARLY_PRESS_SCRIPT)
    expect(EARLY_PRESS_SCRIPT).not.toMatch(/<\/script/i)
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

  /** The page's inline script, as the browser runs it before widget.mjs: for `tag`, a tag of the test's own. */
  const runEarlyPress = (tag: string) => new Function(earlyPressScript(tag))()
  const callConfigRequests = () =>
    fetch.mock.calls.filter(([input]) => String(input).includes('/api/config')).length

  it('keeps a press on Call Me made before widget.mjs, shows it, and opens the form when the rest has arrived', async () => {
    const { root } = drawnPage('early-phone-demo')
    runEarlyPress('early-phone-demo')
    const phone = getByRole(root, 'button', 'Call Me')
    const status = getByRole(root, 'status')
    phone.click()
    expect(phone.hasAttribute(PRESSED_ATTRIBUTE)).toBe(true)
    expect(status.textContent).toBe('Opening the call form…')
    customElements.define('early-phone-demo', class extends VoiceDemoElement {})
    expect(queryAllByRole(root, 'dialog')).toHaveLength(0)
    takeOverElements()
    await waitFor(() => getByRole(root, 'dialog', 'Get a Call from Our AI Assistant'))
    // The rest renders the panel as it is: the mark and the early words are gone.
    expect(phone.hasAttribute(PRESSED_ATTRIBUTE)).toBe(false)
    expect(status.textContent).toBe('')
  })

  it('shows a press on Test in Browser as the widget does, "Connecting...", and starts the call once the rest has arrived', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { root } = drawnPage('early-call-demo')
    runEarlyPress('early-call-demo')
    const browser = getByRole(root, 'button', 'Test in Browser') as HTMLButtonElement
    const status = getByRole(root, 'status')
    browser.click()
    const early = `${browser.textContent} | ${status.textContent}`
    expect(early).toBe('Connecting... | Connecting to your AI assistant…')
    expect(browser.disabled).toBe(true)
    // What the widget shows from the takeover on: its own "Connecting..." is the same as the page's.
    const shown: string[] = []
    new MutationObserver(() => shown.push(`${browser.textContent} | ${status.textContent}`)).observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
    customElements.define('early-call-demo', class extends VoiceDemoElement {})
    expect(callConfigRequests()).toBe(0)
    takeOverElements()
    // The call starts (here, on a site whose voice demo is not configured, that is what it says), once.
    await waitFor(() => expect(status.textContent).toBe(VOICE_NOT_CONFIGURED))
    expect(shown).toContain(early)
    expect(callConfigRequests()).toBe(1)
    expect(getByRole(root, 'button', 'Test in Browser')).toBe(browser)
    warn.mockRestore()
  })

  it('leaves a page without a drawn panel as it was, and leaves clicks to the boot once the element is defined', () => {
    const errors: unknown[] = []
    const onError = (event: ErrorEvent) => errors.push(event.error)
    window.addEventListener('error', onError)
    runEarlyPress('early-plain-demo')
    document.body.innerHTML =
      '<button type="button">Elsewhere</button><early-plain-demo><button type="button">Light</button></early-plain-demo>'
    getByRole(document.body, 'button', 'Elsewhere').click()
    getByRole(document.body, 'button', 'Light').click()
    expect(document.body.innerHTML).toBe(
      '<button type="button">Elsewhere</button><early-plain-demo><button type="button">Light</button></early-plain-demo>',
    )
    const { root } = drawnPage('early-plain-demo')
    customElements.define('early-plain-demo', class extends VoiceDemoElement {})
    const browser = getByRole(root, 'button', 'Test in Browser')
    browser.click()
    expect([browser.hasAttribute(PRESSED_ATTRIBUTE), browser.textContent]).toEqual([false, 'Test in Browser'])
    expect(getByRole(root, 'status').textContent).toBe('')
    window.removeEventListener('error', onError)
    expect(errors).toEqual([])
  })
})
