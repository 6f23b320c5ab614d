import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  CALENDLY_SCRIPT_URL,
  CALENDLY_STYLE_URL,
  type CalendlyApi,
  createCalendlyLoader,
} from './calendly-loader.ts'

const fakeApi: CalendlyApi = { initInlineWidget: vi.fn(), initPopupWidget: vi.fn() }
const scriptTags = () => document.head.querySelectorAll(`script[src="${CALENDLY_SCRIPT_URL}"]`)
const styleTags = () => document.head.querySelectorAll(`link[rel="stylesheet"][href="${CALENDLY_STYLE_URL}"]`)

// happy-dom does not fetch scripts; it fires `error`, or `load` when told to treat that as success.
const settings = () =>
  (window as unknown as { happyDOM: { settings: Record<string, unknown> } }).happyDOM.settings
const scriptsWill = (outcome: 'load' | 'error') => {
  settings().handleDisabledFileLoadingAsSuccess = outcome === 'load'
}

afterEach(() => {
  scriptsWill('error')
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.head.replaceChildren()
})

describe('createCalendlyLoader', () => {
  it('adds the script and stylesheet once for two users and removes them after the last release', async () => {
    scriptsWill('load')
    const loader = createCalendlyLoader({ getApi: () => fakeApi })
    const contact = loader.acquire()
    const hero = loader.acquire()
    expect(scriptTags()).toHaveLength(1)
    expect(styleTags()).toHaveLength(1)
    await expect(contact.ready).resolves.toBe(fakeApi)

    contact.release()
    contact.release() // a double release must not take the hero's tags away
    expect(scriptTags()).toHaveLength(1)
    hero.release()
    expect(scriptTags()).toHaveLength(0)
    expect(styleTags()).toHaveLength(0)
    expect(loader.getUserCount()).toBe(0)
  })

  it('adds fresh tags when a component mounts again after everything was released', () => {
    const loader = createCalendlyLoader({ getApi: () => fakeApi })
    loader.acquire().release()
    loader.acquire()
    expect(scriptTags()).toHaveLength(1)
  })

  it('settles with null when the script fails to load (offline, blocked)', async () => {
    scriptsWill('error')
    const lease = createCalendlyLoader({ getApi: () => fakeApi }).acquire()
    await expect(lease.ready).resolves.toBeNull()
  })

  it('settles with null when the script loads but defines no Calendly API', async () => {
    scriptsWill('load')
    const lease = createCalendlyLoader({ getApi: () => undefined }).acquire()
    await expect(lease.ready).resolves.toBeNull()
  })

  it('gives up after the timeout when the script never answers', async () => {
    vi.useFakeTimers()
    const loader = createCalendlyLoader({ getApi: () => fakeApi, timeoutMs: 8000 })
    // A hanging request: the tags never reach the document, so neither load nor error can fire.
    vi.spyOn(document.head, 'append').mockImplementation(() => {})
    const lease = loader.acquire()
    let settled: CalendlyApi | null | 'pending' = 'pending'
    void lease.ready.then((api) => {
      settled = api
    })
    await vi.advanceTimersByTimeAsync(7999)
    expect(settled).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    expect(settled).toBeNull()
  })
})
