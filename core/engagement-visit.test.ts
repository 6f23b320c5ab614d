// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it, vi } from 'vitest'

/** A fresh copy of the module for each test: what it remembered in memory is per page load. */
const loadVisit = async () => {
  vi.resetModules()
  return import('./engagement-visit.ts')
}

const HARBOR = { id: 'AAAAAAAAAAAAAAAAAAAAAA', token: 'tyf0w0.0123456789abcdef0123456789abcdef' }
const SMILE = { id: 'BBBBBBBBBBBBBBBBBBBBBB', token: 'tyf0w1.0123456789abcdef0123456789abcdef' }

beforeEach(() => sessionStorage.clear())
afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

it('keeps each prospect’s visit in sessionStorage, so a reload is the same visit, the latest last', async () => {
  const visits = await loadVisit()
  expect(visits.getVisit('harbor-realty')).toBeUndefined()
  expect(visits.getVisitId('harbor-realty')).toBeNull()
  expect(visits.getLastOpened()).toBeNull()
  visits.keepVisit('harbor-realty', HARBOR)
  visits.keepVisit('bright-smile-dental', SMILE)
  const reloaded = await loadVisit()
  expect(reloaded.getVisit('harbor-realty')).toEqual(HARBOR)
  expect(reloaded.getVisitId('bright-smile-dental')).toBe(SMILE.id)
  expect(reloaded.getLastOpened()).toBe('bright-smile-dental')
  reloaded.keepVisit('harbor-realty', HARBOR)
  expect(reloaded.getLastOpened()).toBe('harbor-realty')
})

it('starts afresh in another tab, and ignores what it cannot read as visits', async () => {
  const visits = await loadVisit()
  visits.keepVisit('harbor-realty', HARBOR)
  sessionStorage.clear()
  expect((await loadVisit()).getVisit('harbor-realty')).toBeUndefined()
  for (const junk of ['{', '{"id":"x"}', '[["harbor-realty",{"id":"short","token":"x"}]]', '"text"']) {
    sessionStorage.setItem(visits.VISIT_STORAGE_KEY, junk)
    expect((await loadVisit()).getVisit('harbor-realty'), junk).toBeUndefined()
  }
})

it('lives in memory, for this page, where storage throws', async () => {
  vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new DOMException('denied', 'SecurityError')
  })
  const visits = await loadVisit()
  visits.keepVisit('harbor-realty', HARBOR)
  expect(visits.getVisit('harbor-realty')).toEqual(HARBOR)
  expect(visits.getLastOpened()).toBe('harbor-realty')
})
