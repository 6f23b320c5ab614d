import { describe, expect, it } from 'vitest'
import { AppError, readErrorResponse } from './errors.ts'

describe('readErrorResponse', () => {
  it('turns our error body back into the same AppError', async () => {
    const res = Response.json({ error: { code: 'slug_invalid', message: 'Bad slug' } }, { status: 400 })
    const error = await readErrorResponse(res)
    expect(error).toBeInstanceOf(AppError)
    expect(error.code).toBe('slug_invalid')
    expect(error.message).toBe('Bad slug')
    expect(error.status).toBe(400)
  })

  it('treats anything else (a proxy page, an unknown code) as unavailable', async () => {
    const html = new Response('<h1>Bad gateway</h1>', { status: 502 })
    expect((await readErrorResponse(html)).code).toBe('unavailable')
    const odd = Response.json({ error: { code: 'teapot', message: 'x' } }, { status: 418 })
    expect((await readErrorResponse(odd)).message).toBe('Something went wrong on our side. Please try again.')
  })
})
