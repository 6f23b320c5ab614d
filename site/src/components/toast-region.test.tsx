import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { toast, toastStore } from '../lib/toast.ts'
import { ToastRegion } from './toast-region.tsx'

beforeEach(() => vi.useFakeTimers())
afterEach(() => {
  act(() => toastStore.dismiss())
  cleanup()
  vi.useRealTimers()
})

const region = () => screen.getByRole('region', { name: 'Notifications (F8)' })
const show = (...args: Parameters<typeof toast>) => act(() => void toast(...args))

/** A drag of the toast by `dx` pixels with one pointer, as a finger or mouse does it. */
function swipe(element: HTMLElement, dx: number) {
  fireEvent.pointerDown(element, { pointerId: 1, button: 0, clientX: 100, clientY: 20 })
  fireEvent.pointerMove(element, { pointerId: 1, clientX: 100 + dx / 2, clientY: 21 })
  fireEvent.pointerMove(element, { pointerId: 1, clientX: 100 + dx, clientY: 21 })
  fireEvent.pointerUp(element, { pointerId: 1, clientX: 100 + dx, clientY: 21 })
}

describe('<ToastRegion>', () => {
  it('shows one toast at a time, polite by default and an alert when destructive', () => {
    render(<ToastRegion />)
    show({ title: 'Voice Assistant Connected', description: 'You can now speak with your AI assistant' })
    expect(screen.getByRole('status').textContent).toContain('You can now speak with your AI assistant')

    show({ title: 'Connection Failed', variant: 'destructive' })
    expect(screen.getByRole('alert').textContent).toContain('Connection Failed')
    expect(screen.queryByRole('status')).toBeNull()
    expect(region().children).toHaveLength(1)
  })

  it('removes the toast from the DOM after 5000 ms', () => {
    render(<ToastRegion />)
    show({ title: 'Call Ended' })
    act(() => vi.advanceTimersByTime(4999))
    expect(screen.queryByRole('status')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(region().children).toHaveLength(0)
  })

  it('F8 moves focus to the region, which pauses the countdown; Escape dismisses', () => {
    render(<ToastRegion />)
    show({ title: 'Call Initiated' })
    fireEvent.keyDown(document.body, { key: 'F8' })
    expect(document.activeElement).toBe(region())
    act(() => vi.advanceTimersByTime(20_000))
    expect(screen.queryByRole('status')).not.toBeNull()

    fireEvent.keyDown(region(), { key: 'Escape' })
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('pauses while the pointer is over the toast', () => {
    render(<ToastRegion />)
    show({ title: 'Call Initiated' })
    fireEvent.pointerOver(screen.getByRole('status'))
    act(() => vi.advanceTimersByTime(20_000))
    fireEvent.pointerOut(screen.getByRole('status'))
    act(() => vi.advanceTimersByTime(4999))
    expect(screen.queryByRole('status')).not.toBeNull()
    act(() => vi.advanceTimersByTime(1))
    expect(screen.queryByRole('status')).toBeNull()
  })

  it('the close button dismisses', () => {
    render(<ToastRegion />)
    show({ title: 'Call Initiated' })
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }))
    expect(region().children).toHaveLength(0)
  })

  it('a swipe right past 50 px dismisses; a shorter one or a swipe left does not', () => {
    render(<ToastRegion />)
    show({ title: 'Call Initiated' })
    swipe(screen.getByRole('status'), 50)
    swipe(screen.getByRole('status'), -120)
    expect(screen.getByRole('status').style.transform).toBe('') // sprang back
    swipe(screen.getByRole('status'), 51)
    expect(screen.queryByRole('status')).toBeNull()
  })
})
