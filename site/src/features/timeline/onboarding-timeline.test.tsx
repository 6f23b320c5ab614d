import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OnboardingTimeline } from './onboarding-timeline.tsx'

/** An IntersectionObserver that reports its element on screen at once, like a diagram in view. */
class OnScreenObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as never)
  }
  disconnect() {}
}

const stubReducedMotion = (reduce: boolean) =>
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('reduce'),
    addEventListener: () => {},
    removeEventListener: () => {},
  }))

const stage = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}\\b`) })
const angle = () => Number(screen.getByTestId('timeline-orbit').dataset.angle)

beforeEach(() => {
  vi.useFakeTimers()
  vi.stubGlobal('IntersectionObserver', OnScreenObserver)
  stubReducedMotion(false)
})
afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('OnboardingTimeline', () => {
  it('turns 0.3° every 50 ms until a stage is selected, and again once released', () => {
    render(<OnboardingTimeline companyName="Harbor Realty Group" />)
    screen.getByText(/answering Harbor Realty Group's phones/)
    act(() => vi.advanceTimersByTime(1000))
    expect(angle()).toBe(6)

    fireEvent.click(stage('Integration'))
    act(() => vi.advanceTimersByTime(1000))
    expect(angle()).toBe(6)

    fireEvent.click(stage('Integration')) // selecting it again releases it
    act(() => vi.advanceTimersByTime(500))
    expect(angle()).toBe(9)
  })

  it('does not turn at all when the visitor prefers reduced motion', () => {
    stubReducedMotion(true)
    render(<OnboardingTimeline />)
    act(() => vi.advanceTimersByTime(2000))
    expect(angle()).toBe(0)
  })

  it("opens the selected stage's card and marks its related stages for every reader", () => {
    render(<OnboardingTimeline />)
    expect(screen.getAllByRole('button', { expanded: false })).toHaveLength(5)
    fireEvent.click(stage('Integration'))

    expect(stage('Integration').getAttribute('aria-expanded')).toBe('true')
    const card = screen.getByRole('article', { name: 'Integration' })
    within(card).getByText('IN PROGRESS')
    within(card).getByText('Week 4')
    expect(within(card).getByRole('meter', { name: 'Energy' }).getAttribute('aria-valuenow')).toBe('70')
    expect(stage('Customization').textContent).toContain('related to Integration')
    expect(stage('Testing').textContent).toContain('related to Integration')
    expect(stage('Launch').textContent).not.toContain('related to')
  })

  it('a related button jumps to that stage, and only one stage is ever selected', () => {
    render(<OnboardingTimeline />)
    fireEvent.click(stage('Discovery'))
    fireEvent.click(screen.getByRole('button', { name: 'Go to Customization' }))

    expect(screen.getByRole('article', { name: 'Customization' })).toBeTruthy()
    expect(screen.getAllByRole('button', { expanded: true })).toEqual([stage('Customization')])
    expect(document.activeElement).toBe(stage('Customization'))
  })

  it('Escape and a click on the background release the selection', () => {
    render(<OnboardingTimeline />)
    fireEvent.click(stage('Launch'))
    fireEvent.keyDown(stage('Launch'), { key: 'Escape' })
    expect(screen.queryByRole('article')).toBeNull()

    fireEvent.click(stage('Launch'))
    fireEvent.click(screen.getByRole('article')) // clicks inside the card keep it open
    expect(screen.queryByRole('article')).not.toBeNull()
    fireEvent.click(screen.getByTestId('timeline-orbit'))
    expect(screen.queryByRole('article')).toBeNull()
  })
})
