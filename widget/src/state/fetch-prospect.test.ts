import { afterEach, beforeEach, expect, it, vi } from 'vitest'
import { UNAVAILABLE_MESSAGE } from '../../../core/api-error.ts'
import { stubFetch } from '../testing/fake-fetch.ts'
import { getDefaultApiBase, NETWORK_ERROR_MESSAGE } from './fetch-api.ts'
import { fetchProspect } from './fetch-prospect.ts'

let fetch: ReturnType<typeof stubFetch>
const signal = () => new AbortController().signal

beforeEach(() => {
  fetch = stubFetch()
})
afterEach(() => vi.unstubAllGlobals())

it('defaults to the root of the origin the widget script came from', () => {
  // The script's own URL differs between Vitest and a browser; what matters is "its origin, at the root".
  expect(new URL(getDefaultApiBase()).pathname).toBe('/')
})

it('returns the prospect, keeping a path in the api base', async () => {
  const { prospect, fallback } = await fetchProspect('harbor-realty', 'https://example.com/demo', signal())
  expect(prospect.name).toBe('James Carter')
  expect(fallback).toBe(false)
  expect(String(fetch.mock.calls[0]?.[0])).toBe('https://example.com/demo/api/prospects/harbor-realty')
})

it('rejects a malformed slug or api-base without a request, and tells the page author once', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  await expect(fetchProspect('../admin', 'https://example.com', signal())).rejects.toMatchObject({
    code: 'slug_invalid',
    message: 'A prospect link must be 1 to 64 lowercase letters, digits or dashes.',
  })
  await expect(fetchProspect('visitor', 'http://[::1', signal())).rejects.toMatchObject({
    code: 'bad_request',
  })
  expect(fetch).not.toHaveBeenCalled()
  expect(warn.mock.calls.map(([text]) => text)).toEqual([
    '[voice-demo] slug="../admin": A prospect link must be 1 to 64 lowercase letters, digits or dashes.',
    '[voice-demo] api-base="http://[::1": The api-base attribute is not a valid URL.',
  ])
  warn.mockRestore()
})

it('turns a proxy error page or an odd body into the generic message', async () => {
  fetch.mockResolvedValueOnce(new Response('<h1>Bad gateway</h1>', { status: 502 }))
  await expect(fetchProspect('visitor', 'https://example.com', signal())).rejects.toMatchObject({
    code: 'unavailable',
  })
  fetch.mockResolvedValueOnce(Response.json({ hello: 'world' }))
  await expect(fetchProspect('visitor', 'https://example.com', signal())).rejects.toMatchObject({
    code: 'unavailable',
    message: UNAVAILABLE_MESSAGE,
  })
})

it('explains a network failure, but passes an abort through untouched', async () => {
  fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'))
  await expect(fetchProspect('visitor', 'https://example.com', signal())).rejects.toMatchObject({
    message: NETWORK_ERROR_MESSAGE,
  })
  const controller = new AbortController()
  const abort = new DOMException('aborted', 'AbortError')
  fetch.mockImplementationOnce(() => {
    controller.abort()
    return Promise.reject(abort)
  })
  await expect(fetchProspect('visitor', 'https://example.com', controller.signal)).rejects.toBe(abort)
})
