import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createToastStore, TOAST_DURATION_MS } from './toast-store.ts'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

describe('toast store', () => {
  it('shows one toast at a time: a new one replaces the old', () => {
    const store = createToastStore()
    const first = store.show({ title: 'Voice Assistant Connected' })
    store.show({ title: 'Call Failed', variant: 'destructive' })
    expect(store.getToast()).toMatchObject({ title: 'Call Failed', variant: 'destructive' })

    store.dismiss(first) // the replaced toast's dismiss must not close the new one
    expect(store.getToast()?.title).toBe('Call Failed')
  })

  it('closes itself after 5000 ms by default', () => {
    const store = createToastStore()
    store.show({ title: 'Call Initiated' })
    expect(store.getToast()?.duration).toBe(TOAST_DURATION_MS)
    vi.advanceTimersByTime(4999)
    expect(store.getToast()).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(store.getToast()).toBeNull()
  })

  it("gives a replacing toast its own full time, not the old one's rest", () => {
    const store = createToastStore()
    store.show({ title: 'first' })
    vi.advanceTimersByTime(4000)
    store.show({ title: 'second' })
    vi.advanceTimersByTime(4000)
    expect(store.getToast()?.title).toBe('second')
  })

  it('honours a custom duration, and Infinity keeps the toast', () => {
    const store = createToastStore()
    store.show({ title: 'short', duration: 1000 })
    vi.advanceTimersByTime(1000)
    expect(store.getToast()).toBeNull()
    store.show({ title: 'sticky', duration: Number.POSITIVE_INFINITY })
    vi.advanceTimersByTime(60_000)
    expect(store.getToast()?.title).toBe('sticky')
  })

  it('pauses while read and resumes with the time that was left', () => {
    const store = createToastStore()
    store.show({ title: 'Call Ended' })
    vi.advanceTimersByTime(3000)
    store.pause('pointer')
    store.pause('focus')
    vi.advanceTimersByTime(10_000)
    store.resume('pointer') // focus is still inside: stays paused
    vi.advanceTimersByTime(10_000)
    expect(store.getToast()).not.toBeNull()
    store.resume('focus')
    vi.advanceTimersByTime(1999)
    expect(store.getToast()).not.toBeNull()
    vi.advanceTimersByTime(1)
    expect(store.getToast()).toBeNull()
  })

  it('notifies subscribers on show and dismiss, and stops after unsubscribe', () => {
    const store = createToastStore()
    const listener = vi.fn()
    const unsubscribe = store.subscribe(listener)
    store.show({ title: 'a' })
    store.dismiss()
    expect(listener).toHaveBeenCalledTimes(2)
    unsubscribe()
    store.show({ title: 'b' })
    expect(listener).toHaveBeenCalledTimes(2)
  })
})
