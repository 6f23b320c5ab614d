import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { AppError } from '#core/errors.ts'
import type { ProspectResponse } from '#core/prospect.ts'
import { NETWORK_ERROR_MESSAGE } from '../lib/fetch-api.ts'
import { prospectAnswer, prospects } from '../testing/fake-fetch.ts'
import { createFakeVoiceClient } from '../testing/fake-voice-client.ts'
import {
  connectTo,
  flush,
  loadedStore,
  type PartImports,
  shownToast,
  testParts,
  testStore,
} from '../testing/test-demo-store.ts'
import { dismissToast } from '../toast/page-toast.ts'
import { dismissToastOf, loadToasts } from '../toast/toasts.ts'
import { START_ERROR_TEXT } from '../voice/start-error-text.ts'
import { VOICE_NOT_CONFIGURED } from '../voice/start-when-loaded.ts'
import type { DemoDeps } from './demo-state.ts'
import { createDemoStore } from './demo-store.ts'

const API = 'https://api.example.com/'

beforeAll(() => loadToasts()) // as on intent: the toast chunk is there when a toast comes
afterEach(() => dismissToast())

describe('createDemoStore: the prospect', () => {
  it('asks in a task of its own, and not at all for a load superseded before then', async () => {
    const fetchProspect = vi.fn<DemoDeps['fetchProspect']>(async (slug) => prospectAnswer(slug))
    const store = createDemoStore({ fetchProspect, parts: testParts(), emit: () => {}, owner: {} })
    store.getState().load('bright-smile-dental', API)
    store.getState().load('harbor-realty', API)
    expect(fetchProspect).not.toHaveBeenCalled() // the panel paints first
    await vi.waitFor(() => expect(store.getState().prospect.status).toBe('loaded'))
    expect(fetchProspect.mock.calls.map(([slug]) => slug)).toEqual(['harbor-realty'])
  })

  it('keeps only the answer to the latest load when requests overlap', async () => {
    let resolveFirst: (value: ProspectResponse) => void = () => {}
    const fetchProspect = vi
      .fn<DemoDeps['fetchProspect']>()
      .mockImplementationOnce(() => new Promise((resolve) => (resolveFirst = resolve)))
      .mockImplementation(async (slug) => prospectAnswer(slug))
    const store = createDemoStore({ fetchProspect, parts: testParts(), emit: () => {}, owner: {} })
    store.getState().load('bright-smile-dental', API)
    await vi.waitFor(() => expect(fetchProspect).toHaveBeenCalledOnce())
    store.getState().load('harbor-realty', API)
    await vi.waitFor(() => expect(store.getState().prospect.status).toBe('loaded'))

    resolveFirst(prospectAnswer('bright-smile-dental')) // late: another caller may still want it
    await flush()
    const state = store.getState().prospect
    expect(state.status === 'loaded' && state.prospect.companyName).toBe('Harbor Realty Group')
  })

  it('turns a failure into a message a person can read, and retries the same request', async () => {
    const fetchProspect = vi
      .fn<DemoDeps['fetchProspect']>()
      .mockRejectedValueOnce(new AppError('prospect_unavailable'))
      .mockRejectedValueOnce(new Error('internal detail'))
      .mockImplementation(async (slug) => prospectAnswer(slug))
    const store = createDemoStore({ fetchProspect, parts: testParts(), emit: () => {}, owner: {} })
    store.getState().load('harbor-realty', API)
    await vi.waitFor(() =>
      expect(store.getState().prospect).toEqual({
        status: 'error',
        message: 'Failed to load prospect data.',
      }),
    )
    store.getState().retry()
    await vi.waitFor(() =>
      expect(store.getState().prospect).toEqual({
        status: 'error',
        message: 'Something went wrong on our side. Please try again.',
      }),
    )
    store.getState().retry()
    await vi.waitFor(() => expect(store.getState().prospect.status).toBe('loaded'))
    expect(fetchProspect.mock.calls.map(([slug]) => slug)).toEqual([
      'harbor-realty',
      'harbor-realty',
      'harbor-realty',
    ])
  })
})

describe('createDemoStore: a click before the prospect is there', () => {
  /** A store whose prospect arrives when the test says, with a fake voice client behind its call. */
  async function waitingStore(features: Partial<ProspectResponse['features']> = {}) {
    const { client } = createFakeVoiceClient()
    let arrive: (() => void) | undefined
    const store = testStore({
      fetchProspect: (slug) =>
        new Promise((resolve) => (arrive = () => resolve(prospectAnswer(slug, features)))),
      call: connectTo(client).chunk,
    })
    store.getState().load('harbor-realty', API)
    await vi.waitFor(() => expect(arrive).toBeDefined()) // asked, not answered
    return { store, client, arrive: () => arrive?.() }
  }

  it('is kept on Test in Browser, and starts the call for the prospect once it arrives', async () => {
    const { store, client, arrive } = await waitingStore()
    store.getState().startCall()
    store.getState().startCall() // a second click while connecting is ignored
    await flush()
    expect(store.getState().call).toBe('connecting')
    expect(client.start).not.toHaveBeenCalled()

    arrive()
    await flush()
    expect(client.start).toHaveBeenCalledOnce()
    expect(client.start).toHaveBeenCalledWith(
      expect.objectContaining({
        agent: expect.objectContaining({ firstMessage: prospects['harbor-realty']?.firstMessage }),
      }),
    )
  })

  it('is given up when the prospect arrives without browser calls: the panel says why', async () => {
    const { store, client, arrive } = await waitingStore({ browserCall: false })
    store.getState().startCall()
    arrive()
    await vi.waitFor(() => expect(store.getState().call).toBe('idle'))
    expect(client.start).not.toHaveBeenCalled()
    expect(shownToast()).toBeNull()
  })

  it('is given up when the prospect fails to load, leaving the error to the panel', async () => {
    const { client } = createFakeVoiceClient()
    const store = testStore({
      fetchProspect: async () => {
        throw new AppError('prospect_unavailable')
      },
      call: connectTo(client).chunk,
    })
    store.getState().load('harbor-realty', API)
    store.getState().startCall()
    await vi.waitFor(() => expect(store.getState().call).toBe('idle'))
    expect(store.getState()).toMatchObject({ prospect: { status: 'error' }, notice: '' })
    expect(shownToast()).toBeNull()
    expect(client.start).not.toHaveBeenCalled()
  })
})

describe('createDemoStore: demos the server cannot run', () => {
  it('does nothing on a click, and fetches nothing for them, not even on intent', async () => {
    const call = vi.fn(testParts().call.load)
    const phoneDialog = vi.fn(testParts().phoneDialog.load)
    const store = await loadedStore({ call, phoneDialog }, { browserCall: false, phoneCall: false })
    store.getState().prepareBrowserCall() // pointer over, or focus on, the buttons
    store.getState().preparePhoneDialog()
    store.getState().startCall()
    store.getState().openPhoneDialog()
    await flush()
    expect(store.getState()).toMatchObject({ call: 'idle', phoneOpen: false, notice: '' })
    expect(call).not.toHaveBeenCalled()
    expect(phoneDialog).not.toHaveBeenCalled()
    expect(shownToast()).toBeNull()
  })

  it('says the voice demo is not configured when the server has no public key', async () => {
    const store = await loadedStore() // the test parts' server has no voice settings
    store.getState().startCall()
    expect(store.getState().call).toBe('connecting')
    await flush()
    expect(store.getState()).toMatchObject({ call: 'idle', notice: VOICE_NOT_CONFIGURED })
    expect(shownToast()).toBeNull()
  })
})

describe('createDemoStore: lazy chunks', () => {
  it('ends a call whose chunk arrives after its element left the page, without starting it', async () => {
    const { client, listeners } = createFakeVoiceClient()
    let arrive = () => {}
    const chunk = connectTo(client).chunk
    const store = await loadedStore({
      call: () => new Promise((resolve) => (arrive = () => resolve(chunk()))),
    })
    store.getState().startCall()
    store.getState().dispose() // the element was removed while the chunk was on its way
    arrive()
    await flush()
    expect(client.start).not.toHaveBeenCalled()
    expect(listeners()).toBe(0) // the call that was made stopped listening to its client at once
  })

  it('fetches the call chunk once, on intent, and retries after a failed fetch', async () => {
    const { client } = createFakeVoiceClient()
    const call = vi
      .fn<Required<PartImports>['call']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockImplementation(connectTo(client).chunk)
    const store = await loadedStore({ call })
    store.getState().prepareBrowserCall() // pointer over the button: fails quietly
    await flush()
    expect(shownToast()).toBeNull()
    store.getState().prepareBrowserCall()
    store.getState().startCall()
    await flush()
    expect(call).toHaveBeenCalledTimes(2)
    expect(client.start).toHaveBeenCalledOnce()
  })

  it("says 'Connection Failed' and tells the host page when the call chunk cannot load on a click", async () => {
    const owner = {}
    const events: string[] = []
    const store = await loadedStore({
      owner,
      call: async () => {
        throw new TypeError('Failed to fetch dynamically imported module')
      },
      emit: (event, message) => events.push(`${event}: ${message}`),
    })
    store.getState().startCall()
    await vi.waitFor(() =>
      expect(shownToast()).toMatchObject({
        owner,
        title: START_ERROR_TEXT.failedTitle,
        description: START_ERROR_TEXT.startFailed,
        variant: 'destructive',
      }),
    )
    expect(store.getState().call).toBe('idle')
    expect(events).toEqual([`error: ${START_ERROR_TEXT.startFailed}`])
  })

  it('opens the phone dialog once its chunk arrives, and says so when it cannot load', async () => {
    const Dialog = () => null
    const phoneDialog = vi
      .fn<Required<PartImports>['phoneDialog']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Dialog)
    const store = await loadedStore({ phoneDialog })
    store.getState().openPhoneDialog()
    await vi.waitFor(() =>
      expect(shownToast()).toMatchObject({
        title: 'Call Failed',
        description: NETWORK_ERROR_MESSAGE,
        variant: 'destructive',
      }),
    )
    expect(store.getState().phoneOpen).toBe(false)
    expect(store.parts.phoneDialog.get()).toBeNull()
    store.getState().preparePhoneDialog() // pointer over 'Call Me' again: fetched anew
    store.getState().openPhoneDialog()
    await vi.waitFor(() => expect(store.getState().phoneOpen).toBe(true))
    expect(store.parts.phoneDialog.get()).toBe(Dialog)
    store.getState().closePhoneDialog()
    expect(store.getState().phoneOpen).toBe(false)
    expect(store.parts.phoneDialog.get()).toBe(Dialog) // it stays mounted, with what was typed
    expect(phoneDialog).toHaveBeenCalledTimes(2)
  })
})

describe("createDemoStore: the element's toasts", () => {
  it("shows them as the page's one toast in its element's region, and removes only its own", async () => {
    const owner = {}
    const other = {}
    const store = await loadedStore({ owner })
    expect(store.owner).toBe(owner)
    store.getState().showToast('Call Initiated', 'You should receive a call shortly.')
    await vi.waitFor(() =>
      expect(shownToast()).toMatchObject({ owner, title: 'Call Initiated', variant: 'default' }),
    )

    const second = await loadedStore({ owner: other })
    second.getState().showToast('Phone Number Required', 'Please enter a valid phone number', 'destructive')
    await vi.waitFor(() => expect(shownToast()?.owner).toBe(other))
    dismissToastOf(owner) // not its toast any more
    await flush()
    expect(shownToast()?.owner).toBe(other)

    second.getState().dispose() // its element left the page: its toast goes with it
    await vi.waitFor(() => expect(shownToast()).toBeNull())
  })
})
