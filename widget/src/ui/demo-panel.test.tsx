import { render } from 'preact'
import { afterEach, expect, it } from 'vitest'
import { createDemoStore } from '../state/demo-store.ts'
import { answerLikeTheServer } from '../testing/fake-fetch.ts'
import { createFakeVoiceClient } from '../testing/fake-voice-client.ts'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { createBrowserCall } from '../voice/browser-call.ts'
import { DemoPanel } from './demo-panel.tsx'

const container = document.createElement('div')
afterEach(() => render(null, container))

it('walks a visitor through a call: Connecting..., Stop Call with Mute, toasts, then back', async () => {
  const { client, emit } = createFakeVoiceClient()
  const store = createDemoStore({
    fetchProspect: async (slug) => answerLikeTheServer(`https://x/api/prospects/${slug}`).json(),
    loadBrowserCall: async (host) => createBrowserCall(host, client),
    loadPhoneDialog: async () => () => null,
  })
  store.getState().load('bright-smile-dental', 'https://x')
  render(<DemoPanel store={store} apiBase="https://x" />, container)
  const start = await waitFor(() => getByRole(container, 'button', 'Test in Browser'))

  start.click()
  const connecting = await waitFor(() => getByRole(container, 'button', 'Connecting...'))
  expect(connecting.hasAttribute('disabled')).toBe(true)

  emit('call-start')
  await waitFor(() => getByRole(container, 'button', 'Stop Call'))
  expect(container.textContent).toContain('Voice Assistant Connected')
  const mute = getByRole(container, 'button', 'Mute')
  mute.click()
  await waitFor(() =>
    expect(getByRole(container, 'button', 'Unmute').getAttribute('aria-pressed')).toBe('true'),
  )

  emit('error', new Error('Meeting has ended'))
  const alert = await waitFor(() => getByRole(container, 'alert'))
  expect(alert.textContent).toContain('Connection Failed')
  expect(alert.textContent).toContain('Meeting has ended')
  expect(getByRole(container, 'button', 'Test in Browser')).toBeTruthy()
  expect(getByRole(container, 'button', 'Call Me')).toBeTruthy()

  getByRole(container, 'button', 'Dismiss notification').click()
  await waitFor(() => expect(queryAllByRole(container, 'alert')).toHaveLength(0))
})

it('offers both buttons while the prospect loads; Call Me then opens its dialog once the prospect is there', async () => {
  let arrive = () => {}
  const store = createDemoStore({
    fetchProspect: (slug) =>
      new Promise((resolve) => {
        arrive = () => resolve(answerLikeTheServer(`https://x/api/prospects/${slug}`).json())
      }),
    loadBrowserCall: async () => null,
    loadPhoneDialog: async () => (props) =>
      props.open ? <div role="dialog">for {props.prospect.companyName}</div> : null,
  })
  store.getState().load('bright-smile-dental', 'https://x')
  render(<DemoPanel store={store} apiBase="https://x" />, container)
  expect(getByRole(container, 'region').getAttribute('aria-busy')).toBe('true')
  expect(queryAllByRole(container, 'heading')).toHaveLength(0)

  getByRole(container, 'button', 'Call Me').click()
  await new Promise((resolve) => setTimeout(resolve, 10))
  expect(queryAllByRole(container, 'dialog')).toHaveLength(0) // no prospect yet to call for

  arrive()
  expect((await waitFor(() => getByRole(container, 'dialog'))).textContent).toBe('for Bright Smile Dental')
  expect(getByRole(container, 'heading').textContent).toBe('Built for Bright Smile Dental')
  expect(getByRole(container, 'region').getAttribute('aria-busy')).toBe('false')
})
