import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import type { Prospect, ProspectResponse } from '#core/prospect.ts'
import { defineVoiceDemo } from '../testing/define-elements.ts'
import { ALL_DEMOS, answerLikeTheServer, stubFetch } from '../testing/fake-fetch.ts'
import { getByRole, waitFor } from '../testing/queries.ts'

// Prospect fields come from a CSV an operator imported, maybe scraped from the web; the widget runs
// on partners' pages, so markup in them must stay text.
const NAME = '<img src=x onerror=alert(1)>'
const COMPANY = '<img src=x onerror=alert(2)> & <script>alert(3)</script>'
const HOSTILE: Prospect = {
  slug: 'hostile-prospect',
  name: NAME,
  companyName: COMPANY,
  firstMessage: '<b>hi</b>',
  system: 'S',
  variables: { name: NAME, company_name: COMPANY },
  assistantId: null,
}

beforeEach(() => {
  stubFetch().mockImplementation((input) =>
    Promise.resolve(
      String(input).includes('/api/prospects/')
        ? Response.json({
            prospect: HOSTILE,
            fallback: false,
            features: ALL_DEMOS,
            unavailableReason: '',
          } satisfies ProspectResponse)
        : answerLikeTheServer(input),
    ),
  )
  vi.stubGlobal('alert', vi.fn())
  defineVoiceDemo()
})
afterEach(() => {
  document.body.innerHTML = ''
  vi.unstubAllGlobals()
})

it('shows a hostile company name in the panel and the Call Me dialog as text', async () => {
  const element = document.createElement('voice-demo')
  element.setAttribute('slug', 'hostile-prospect')
  document.body.append(element)
  const shadow = element.shadowRoot as ShadowRoot

  expect((await waitFor(() => getByRole(shadow, 'heading'))).textContent).toBe(`Built for ${COMPANY}`)

  getByRole(shadow, 'button', 'Call Me').click()
  const dialog = await waitFor(() => getByRole(shadow, 'dialog', 'Get a Call from Our AI Assistant'))
  expect(dialog.textContent).toContain(`The assistant built for ${COMPANY} will phone you`)

  expect(shadow.querySelectorAll('img, script, b')).toHaveLength(0)
  expect(shadow.innerHTML).toContain('&lt;img src=x onerror=alert(2)&gt; &amp; &lt;script&gt;')
  expect(globalThis.alert).not.toHaveBeenCalled()
})
