// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

/** A fresh copy of the module for each test: what it remembered in memory is per page load. */
const loadVisit = async () => {
  vi.resetModules()
  return import('./engagement-visit.ts')
}

beforeEach(() => sessionStorage.clear())
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

it('makes one id per tab and keeps it in sessionStorage, so a reload is the same visit', async () => {
  const { getVisitId, VISIT_STORAGE_KEY } = await loadVisit()
  const id = getVisitId()
  expect(id).toMatch(/^[\w-]{16,64}$/)
  expect(getVisitId()).toBe(id)
  expect(JSON.parse(sessionStorage.getItem(VISIT_STORAGE_KEY) ?? '')).toEqual({ id, opened: [], tokens: {} })

  const reloaded = await loadVisit()
  expect(reloaded.getVisitId()).toBe(id)
})

it('starts a new visit when another tab starts with empty storage', async () => {
  const first = (await loadVisit()).getVisitId()
  sessionStorage.clear()
  expect((await loadVisit()).getVisitId()).not.toBe(first)
})

it('remembers which slugs counted as opened, across reloads, the latest last', async () => {
  const visit = await loadVisit()
  expect(visit.getLastOpened()).toBeNull()
  visit.markOpened('harbor-realty')
  visit.markOpened('bright-smile-dental')
  visit.markOpened('harbor-realty')
  const reloaded = await loadVisit()
  expect(reloaded.wasOpened('harbor-realty')).toBe(true)
  expect(reloaded.wasOpened('acme')).toBe(false)
  expect(reloaded.getLastOpened()).toBe('bright-smile-dental')
})

it("keeps each prospect's latest visit token across reloads, and only what has a token's form", async () => {
  const visit = await loadVisit()
  expect(visit.getVisitToken('harbor-realty')).toBeUndefined()
  visit.rememberVisitToken('harbor-realty', 'tyf0w0.0123456789abcdef0123456789abcdef')
  visit.rememberVisitToken('harbor-realty', 'tyf0w1.fedcba9876543210fedcba9876543210')
  const reloaded = await loadVisit()
  expect(reloaded.getVisitToken('harbor-realty')).toBe('tyf0w1.fedcba9876543210fedcba9876543210')
  const { VISIT_STORAGE_KEY } = reloaded
  const stored = JSON.parse(sessionStorage.getItem(VISIT_STORAGE_KEY) ?? '')
  sessionStorage.setItem(
    VISIT_STORAGE_KEY,
    JSON.stringify({ ...stored, tokens: { 'harbor-realty': '<script>', acme: 7 } }),
  )
  const tampered = await loadVisit()
  expect(tampered.getVisitToken('harbor-realty')).toBeUndefined()
  expect(tampered.getVisitId()).toBe(stored.id)
})

it('replaces a damaged or foreign value under its key with a new visit', async () => {
  const { getVisitId, VISIT_STORAGE_KEY } = await loadVisit()
  for (const stored of ['not json', '{"id":"short","opened":[]}', '{"id":"a-valid-looking-id-123"}']) {
    sessionStorage.setItem(VISIT_STORAGE_KEY, stored)
    expect(getVisitId()).toMatch(/^[\w-]{16,64}$/)
    expect(JSON.parse(sessionStorage.getItem(VISIT_STORAGE_KEY) ?? '').opened).toEqual([])
  }
})

it('keeps one id in memory for the page when storage throws (sandboxed iframe, privacy mode)', async () => {
  vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new DOMException('The operation is insecure.', 'SecurityError')
  })
  const { getVisitId, markOpened, wasOpened } = await loadVisit()
  const id = getVisitId()
  expect(id).toMatch(/^[\w-]{16,64}$/)
  expect(getVisitId()).toBe(id)
  markOpened('harbor-realty')
  expect(wasOpened('harbor-realty')).toBe(true)
})

it('keeps one id in memory when storage reads but cannot be written (quota, some privacy modes)', async () => {
  vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new DOMException('Quota exceeded', 'QuotaExceededError')
  })
  const { getVisitId, markOpened, wasOpened } = await loadVisit()
  const id = getVisitId()
  expect(getVisitId()).toBe(id)
  markOpened('harbor-realty')
  expect(wasOpened('harbor-realty')).toBe(true)
})

it('makes an id without crypto.randomUUID, which insecure (http) pages lack', async () => {
  const { getRandomValues } = crypto
  vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) })
  const { getVisitId } = await loadVisit()
  expect(getVisitId()).toMatch(/^[0-9a-f]{32}$/)
})
