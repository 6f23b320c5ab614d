import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { prospectAnswer, stubFetch } from '../testing/fake-fetch.ts'
import { apiBaseOf, NETWORK_ERROR_MESSAGE } from './fetch-api.ts'
import { fetchAnyProspect, fetchProspect } from './fetch-prospect.ts'

let fetch: ReturnType<typeof stubFetch>

beforeEach(() => {
  fetch = stubFetch()
})
afterEach(() => vi.unstubAllGlobals())

it("takes an element's api-base, trimmed, and defaults to the root of the origin the widget script came from", () => {
  const element = document.createElement('voice-demo')
  // The script's own URL differs between Vitest and a browser; what matters is "its origin, at the root".
  expect(new URL(apiBaseOf(element)).pathname).toBe('/')
  element.setAttribute('api-base', ' ')
  expect(new URL(apiBaseOf(element)).pathname).toBe('/')
  element.setAttribute('api-base', ' https://api.example.com/demo/ ')
  expect(apiBaseOf(element)).toBe('https://api.example.com/demo/')
})

it('returns the prospect with the demos that work for it, keeping a path in the api base', async () => {
  fetch = stubFetch({ phoneCall: false })
  const { prospect, fallback, features } = await fetchProspect('harbor-realty', 'https://example.com/demo')
  expect(prospect.name).toBe('James Carter')
  expect(fallback).toBe(false)
  expect(features).toEqual({ browserCall: true, phoneCall: false, videoCall: true })
  expect(String(fetch.mock.calls[0]?.[0])).toBe('https://example.com/demo/api/prospects/harbor-realty')
})

it('asks once for callers that want the same prospect at the same time, and anew once answered', async () => {
  const [panel, videoButton] = await Promise.all([
    fetchProspect('harbor-realty', 'https://example.com'),
    fetchProspect('harbor-realty', 'https://example.com'),
  ])
  expect(videoButton).toEqual(panel)
  expect(fetch).toHaveBeenCalledOnce()

  await fetchProspect('bright-smile-dental', 'https://example.com') // another prospect: its own request
  await fetchProspect('harbor-realty', 'https://example.com') // the first answer is not kept
  expect(fetch.mock.calls.map(([input]) => new URL(String(input)).pathname)).toEqual([
    '/api/prospects/harbor-realty',
    '/api/prospects/bright-smile-dental',
    '/api/prospects/harbor-realty',
  ])
})

it('explains a network failure, and asks again rather than sharing the failure with later callers', async () => {
  fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'))
  await expect(fetchProspect('visitor', 'https://example.com')).rejects.toMatchObject({
    message: NETWORK_ERROR_MESSAGE,
  })
  await expect(fetchProspect('visitor', 'https://example.com')).resolves.toEqual(prospectAnswer('visitor'))
  expect(fetch).toHaveBeenCalledTimes(2)
})

it('rejects a malformed slug or api-base without a request, and tells the page author once', async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  await expect(fetchProspect('../admin', 'https://example.com')).rejects.toMatchObject({
    code: 'slug_invalid',
    message: 'A prospect link must be 1 to 64 lowercase letters, digits or dashes.',
  })
  await expect(fetchProspect('visitor', 'http://[::1')).rejects.toMatchObject({
    code: 'bad_request',
  })
  expect(fetch).not.toHaveBeenCalled()
  expect(warn.mock.calls.map(([text]) => text)).toEqual([
    '[voice-demo] slug="../admin": A prospect link must be 1 to 64 lowercase letters, digits or dashes.',
    '[voice-demo] api-base="http://[::1": The api-base attribute is not a valid URL.',
  ])
  warn.mockRestore()
})

it('turns a proxy error page, an odd body or an answer without its demos into the generic message', async () => {
  fetch.mockResolvedValueOnce(new Response('<h1>Bad gateway</h1>', { status: 502 }))
  await expect(fetchProspect('visitor', 'https://example.com')).rejects.toMatchObject({
    code: 'unavailable',
  })
  fetch.mockResolvedValueOnce(Response.json({ hello: 'world' }))
  await expect(fetchProspect('visitor', 'https://example.com')).rejects.toMatchObject({
    code: 'unavailable',
    message: UNAVAILABLE_MESSAGE,
  })
  const { prospect, fallback } = prospectAnswer('visitor')
  fetch.mockResolvedValueOnce(Response.json({ prospect, fallback })) // a server from before `features`
  await expect(fetchProspect('visitor', 'https://example.com')).rejects.toMatchObject({
    message: UNAVAILABLE_MESSAGE,
  })
})

describe('fetchAnyProspect', () => {
  it("answers with the page's latest answer from the same API, whatever its prospect, asking nothing more", async () => {
    const panel = await fetchProspect('harbor-realty', 'https://any-1.example')
    await expect(fetchAnyProspect('visitor', 'https://any-1.example')).resolves.toBe(panel)
    expect(fetch).toHaveBeenCalledOnce()

    const { prospect } = await fetchAnyProspect('visitor', 'https://any-2.example') // another API: its own
    expect(prospect.slug).toBe('visitor')
    expect(fetch.mock.calls.map(([input]) => String(input))).toEqual([
      'https://any-1.example/api/prospects/harbor-realty',
      'https://any-2.example/api/prospects/visitor',
    ])
  })

  it('asks for its own prospect when the latest answer from that API was a failure', async () => {
    fetch.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(fetchProspect('harbor-realty', 'https://any-3.example')).rejects.toMatchObject({
      message: NETWORK_ERROR_MESSAGE,
    })
    const { prospect, features } = await fetchAnyProspect('visitor', 'https://any-3.example')
    expect(prospect.slug).toBe('visitor')
    expect(features.videoCall).toBe(true)
  })
})
