import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RequestFailure } from '#core/api-error.ts'
import { endVideoConversation, readFrameUrl, startVideoConversation } from './video-api.ts'

let fetch: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>

beforeEach(() => {
  fetch = vi.fn(async () => Response.json({}))
  vi.stubGlobal('fetch', fetch)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const request = (index = 0) => {
  const [input, init] = fetch.mock.calls[index] ?? []
  return { url: String(input), init }
}

describe('startVideoConversation', () => {
  it("POSTs the prospect's slug as JSON to /api/video/conversations and reads the answer", async () => {
    fetch.mockResolvedValue(
      Response.json({
        conversationId: 'c-1',
        conversationUrl: 'https://tavus.daily.co/c1',
        maxDurationSeconds: 8,
      }),
    )
    await expect(startVideoConversation('harbor-realty', 'https://api.example/base')).resolves.toEqual({
      conversationId: 'c-1',
      conversationUrl: 'https://tavus.daily.co/c1',
      maxDurationSeconds: 8,
    })
    const { url, init } = request()
    expect(url).toBe('https://api.example/base/api/video/conversations')
    expect(init?.method).toBe('POST')
    expect(JSON.parse(String(init?.body))).toEqual({ slug: 'harbor-realty' })
  })

  it('uses the standard 300 s when the answer has no usable duration', async () => {
    fetch.mockResolvedValue(
      Response.json({ conversationId: 'c-1', conversationUrl: 'x', maxDurationSeconds: -3 }),
    )
    expect((await startVideoConversation(undefined, 'https://api.example')).maxDurationSeconds).toBe(300)
    expect(JSON.parse(String(request().init?.body))).toEqual({})
  })

  it('fails without a conversationId, even when the answer is OK', async () => {
    fetch.mockResolvedValue(Response.json({ conversationUrl: 'https://tavus.daily.co/c1' }))
    const error = await startVideoConversation(undefined, 'https://api.example').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RequestFailure)
    expect((error as RequestFailure).message).toBe('Unable to start video call. Please try again.')
  })

  it("rejects with the server's error, whose message can be shown", async () => {
    fetch.mockResolvedValue(
      Response.json(
        { error: { code: 'video_not_configured', message: 'Video calls are not available right now.' } },
        { status: 503 },
      ),
    )
    await expect(startVideoConversation(undefined, 'https://api.example')).rejects.toMatchObject({
      code: 'video_not_configured',
      message: 'Video calls are not available right now.',
    })
  })
})

describe('endVideoConversation', () => {
  it('POSTs to the end route with keepalive and no body', async () => {
    await endVideoConversation('c/1', 'https://api.example/base/', 'fetch')
    const { url, init } = request()
    expect(url).toBe('https://api.example/base/api/video/conversations/c%2F1/end')
    expect(init).toMatchObject({ method: 'POST', keepalive: true })
    expect(init?.body).toBeUndefined()
  })

  it('goes by navigator.sendBeacon while the page is being left', async () => {
    const sendBeacon = vi.fn(() => true)
    vi.stubGlobal('navigator', { sendBeacon })
    await endVideoConversation('c-1', 'https://api.example/base', 'beacon')
    expect(sendBeacon).toHaveBeenCalledWith(
      new URL('https://api.example/base/api/video/conversations/c-1/end'),
    )
    expect(fetch).not.toHaveBeenCalled()
  })

  it('falls back to a keepalive fetch when the browser will not queue the beacon', async () => {
    vi.stubGlobal('navigator', { sendBeacon: () => false })
    await endVideoConversation('c-1', 'https://api.example', 'beacon')
    expect(request().init?.keepalive).toBe(true)
  })
})

describe('readFrameUrl', () => {
  it('frames only http(s) pages', () => {
    expect(readFrameUrl('https://tavus.daily.co/c1')).toBe('https://tavus.daily.co/c1')
    expect(readFrameUrl('http://127.0.0.1:4000/conversations/1')).toBe(
      'http://127.0.0.1:4000/conversations/1',
    )
    expect(readFrameUrl('javascript:alert(document.cookie)')).toBeNull()
    expect(readFrameUrl('data:text/html,<script>1</script>')).toBeNull()
    expect(readFrameUrl('')).toBeNull()
  })
})
