import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RequestFailure } from '#core/api-error.ts'
import { useKeyedLoad } from './use-keyed-load.ts'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
})

/** A loader whose answers the test gives, per key, in any order. */
function controlledLoader() {
  const pending = new Map<
    string,
    { resolve(value: string): void; reject(error: unknown): void; signal: AbortSignal }
  >()
  const load = (key: string, signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => pending.set(key, { resolve, reject, signal }))
  return { load, pending }
}

const OPTIONS = { failedMessage: 'Something went wrong.' }

describe('useKeyedLoad', () => {
  it('is idle without a key and loading until its own answer comes', async () => {
    const { load, pending } = controlledLoader()
    const { result, rerender } = renderHook(({ key }) => useKeyedLoad(key, load, OPTIONS), {
      initialProps: { key: null as string | null },
    })
    expect(result.current).toEqual({ status: 'idle' })
    rerender({ key: 'a' })
    expect(result.current).toEqual({ status: 'loading' })
    await act(async () => pending.get('a')?.resolve('answer a'))
    expect(result.current).toEqual({ status: 'done', value: 'answer a' })
  })

  it("never shows an older key's answer: the new key is loading at once and the old request aborted", async () => {
    const { load, pending } = controlledLoader()
    const { result, rerender } = renderHook(({ key }) => useKeyedLoad(key, load, OPTIONS), {
      initialProps: { key: 'a' as string | null },
    })
    rerender({ key: 'b' })
    expect(result.current).toEqual({ status: 'loading' })
    expect(pending.get('a')?.signal.aborted).toBe(true)
    await act(async () => pending.get('a')?.resolve('late answer a'))
    expect(result.current).toEqual({ status: 'loading' })
    await act(async () => pending.get('b')?.resolve('answer b'))
    expect(result.current).toEqual({ status: 'done', value: 'answer b' })
  })

  it("shows a failure's own message for visitors, else the fallback", async () => {
    const { load, pending } = controlledLoader()
    const { result, rerender } = renderHook(({ key }) => useKeyedLoad(key, load, OPTIONS), {
      initialProps: { key: 'a' as string | null },
    })
    await act(async () => pending.get('a')?.reject(new RequestFailure('unavailable', 'The service is down.')))
    expect(result.current).toEqual({ status: 'error', message: 'The service is down.' })
    rerender({ key: 'b' })
    await act(async () => pending.get('b')?.reject(new TypeError('fetch failed')))
    expect(result.current).toEqual({ status: 'error', message: 'Something went wrong.' })
  })

  it('with a delay, asks only for the key that stayed that long', () => {
    vi.useFakeTimers()
    const { load, pending } = controlledLoader()
    const { rerender } = renderHook(({ key }) => useKeyedLoad(key, load, { ...OPTIONS, delayMs: 300 }), {
      initialProps: { key: 'a' as string | null },
    })
    act(() => vi.advanceTimersByTime(200))
    rerender({ key: 'ab' })
    act(() => vi.advanceTimersByTime(300))
    expect([...pending.keys()]).toEqual(['ab'])
  })
})
