import { describe, expect, it } from 'vitest'
import { RequestFailure, readErrorResponse, UNAVAILABLE_MESSAGE } from './api-error.ts'
import { AppError } from './errors.ts'

describe('readErrorResponse', () => {
  it('turns our error body back into an error with the same code, message and status', async () => {
    const res = Response.json({ error: { code: 'slug_invalid', message: 'Bad slug' } }, { status: 400 })
    const error = await readErrorResponse(res)
    expect(error).toBeInstanceOf(RequestFailure)
    expect(error).toMatchObject({ code: 'slug_invalid', message: 'Bad slug', status: 400 })
  })

  it('keeps the message of a code this build does not know yet (a newer server)', async () => {
    const newer = Response.json(
      { error: { code: 'video_busy', message: 'All agents are busy.' } },
      { status: 503 },
    )
    expect(await readErrorResponse(newer)).toMatchObject({
      code: 'video_busy',
      message: 'All agents are busy.',
    })
  })

  it('treats anything that is not our shape (a proxy page, a broken body) as unavailable', async () => {
    const html = new Response('<h1>Bad gateway</h1>', { status: 502 })
    expect(await readErrorResponse(html)).toMatchObject({ code: 'unavailable', message: UNAVAILABLE_MESSAGE })
    const odd = Response.json({ error: { code: 'Teapot!', message: 'x' } }, { status: 418 })
    expect((await readErrorResponse(odd)).code).toBe('unavailable')
  })
})

it('lets the server build errors by code: the catalogue gives status and message, both readable as RequestFailure', () => {
  const error = new AppError('rate_limited', { retryAfterSeconds: 30 })
  expect(error).toBeInstanceOf(RequestFailure)
  expect(error).toMatchObject({ name: 'AppError', status: 429, retryAfterSeconds: 30 })
  expect(new AppError('unavailable').message).toBe(UNAVAILABLE_MESSAGE)
})
