import { render } from 'preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { DemoFeatures } from '#core/public-config.ts'
import type { DemoStore } from '../state/demo-state.ts'
import { prospectAnswer } from '../testing/fake-fetch.ts'
import { createFakeVoiceClient } from '../testing/fake-voice-client.ts'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import {
  connectTo,
  flush,
  type PartImports,
  type TestDeps,
  testParts,
  testStore,
} from '../testing/test-demo-store.ts'
import { dismissToast } from '../toast/page-toast.ts'
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
  dismissToast()
})

/** The panel for Bright Smile Dental, as `<voice-demo>` renders it in its shadow root. */
function showPanel(deps: TestDeps = {}, features: Partial<DemoFeatures> = {}): DemoStore {
  const store = testStore({ owner: host, ...deps }, features)
  render(<DemoPanel store={store} slug="bright-smile-dental" apiBase="https://x" />, root)
  return store
}
const status = () => getByRole(root, 'status', /./) // the panel's line, not the toast's empty one
const statusLine = () => root.getElementById('demo-status')

describe('the demo panel', () => {
  it('walks a visitor through a call: Connecting..., Stop Call with Mute and the call view, toasts, then back', async () => {
    const { client, emit } = createFakeVoiceClient()
    showPanel({ call: connectTo(client).chunk })
    const start = await waitFor(() => getByRole(root, 'button', 'Test in Browser'))

    start.click()
    const connecting = await waitFor(() => getByRole(root, 'button', 'Connecting...'))
    expect(connecting.hasAttribute('disabled')).toBe(true)

    emit('call-start')
    await waitFor(() => getByRole(root, 'button', 'Stop Call'))
    await waitFor(() =>
      expect(getByRole(root, 'region', 'Notifications (F8)').textContent).toContain(
        'Voice Assistant Connected',
      ),
    )
    expect(root.textContent).toContain('Listening')
    expect(getByRole(root, 'timer', 'Call time').textContent).toBe('0:00')
    getByRole(root, 'button', 'Mute').click()
    await waitFor(() => expect(getByRole(root, 'button', 'Unmute').getAttribute('aria-pressed')).toBe('true'))

    emit('transcript', { speaker: 'agent', text: 'Thanks for calling Bright Smile Dental!', final: true })
    await waitFor(() => expect(root.textContent).toContain('Agent: Thanks for calling Bright Smile Dental!'))

    emit('error', new Error('Meeting has ended'))
    const alert = await waitFor(() => getByRole(root, 'alert', /Connection Failed/))
    expect(alert.textContent).toContain('Failed to connect to voice assistant')
    expect(getByRole(root, 'button', 'Test in Browser')).toBeTruthy()
    expect(getByRole(root, 'button', 'Call Me')).toBeTruthy()
    expect(queryAllByRole(root, 'timer')).toEqual([]) // the call view went with the call

    getByRole(root, 'button', 'Dismiss notification').click()
    await waitFor(() => expect(getByRole(root, 'alert').textContent).toBe(''))
  })

  it('offers both buttons while the prospect loads; Call Me then opens its dialog once the prospect is there', async () => {
    let arrive: (() => void) | undefined
    const phoneDialog = vi.fn<Required<PartImports>['phoneDialog']>(
      async () => (props) => (props.open ? <div role="dialog">for {props.prospect.companyName}</div> : null),
    )
    showPanel({
      fetchProspect: (slug) => new Promise((resolve) => (arrive = () => resolve(prospectAnswer(slug)))),
      phoneDialog,
    })
    expect(getByRole(root, 'region', 'AI voice agent demo').getAttribute('aria-busy')).toBe('true')
    expect(queryAllByRole(root, 'heading')).toHaveLength(0)

    getByRole(root, 'button', 'Call Me').click()
    await waitFor(() => expect(phoneDialog).toHaveBeenCalled())
    await waitFor(() => expect(arrive).toBeDefined()) // asked once the panel has painted, not answered
    await flush()
    expect(queryAllByRole(root, 'dialog')).toHaveLength(0) // no prospect yet to call for

    arrive?.()
    expect((await waitFor(() => getByRole(root, 'dialog'))).textContent).toBe('for Bright Smile Dental')
    expect(getByRole(root, 'heading').textContent).toBe('Built for Bright Smile Dental')
    expect(getByRole(root, 'region', 'AI voice agent demo').getAttribute('aria-busy')).toBe('false')
  })
})

describe('a demo the server cannot run', () => {
  it('shows as unavailable, says why on the status line, and does nothing on a click', async () => {
    const call = vi.fn(testParts().call.load)
    showPanel({ call }, { browserCall: false })
    await waitFor(() => getByRole(root, 'heading', 'Built for Bright Smile Dental'))
    const browser = getByRole(root, 'button', 'Test in Browser')
    expect(browser.getAttribute('aria-disabled')).toBe('true')
    expect(browser.hasAttribute('disabled')).toBe(false) // still focusable, so its reason is heard
    expect(root.getElementById(String(browser.getAttribute('aria-describedby')))).toBe(statusLine())
    expect(status().textContent).toBe('Browser calls are not available right now.')

    browser.click()
    await flush()
    expect(getByRole(root, 'button', 'Test in Browser').textContent).toBe('Test in Browser')
    expect(call).not.toHaveBeenCalled()

    const phone = getByRole(root, 'button', 'Call Me') // the other demo works as ever
    expect(phone.hasAttribute('aria-disabled')).toBe(false)
    expect(phone.hasAttribute('aria-describedby')).toBe(false)
  })

  it('names both when neither works, and Call Me opens no dialog', async () => {
    const phoneDialog = vi.fn<Required<PartImports>['phoneDialog']>(async () => () => <div role="dialog" />)
    showPanel({ phoneDialog }, { browserCall: false, phoneCall: false })
    await waitFor(() => expect(status().textContent).toBe('Calls are not available right now.'))
    const phone = getByRole(root, 'button', 'Call Me')
    expect(phone.getAttribute('aria-disabled')).toBe('true')
    expect(root.getElementById(String(phone.getAttribute('aria-describedby')))).toBe(statusLine())
    phone.click()
    await flush()
    expect(queryAllByRole(root, 'dialog')).toEqual([])
    expect(phoneDialog).not.toHaveBeenCalled()
  })

  it('names only the phone call when only it is off', async () => {
    showPanel({}, { phoneCall: false })
    await waitFor(() => expect(status().textContent).toBe('Phone calls are not available right now.'))
    expect(getByRole(root, 'button', 'Test in Browser').hasAttribute('aria-disabled')).toBe(false)
    expect(getByRole(root, 'button', 'Call Me').getAttribute('aria-disabled')).toBe('true')
  })
})
