import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppShell } from '../app/app-shell.tsx'
import { UtilityPage } from './utility-page.tsx'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
  window.history.replaceState(null, '', '/')
})

function Page({ heading = true }: { heading?: boolean }) {
  return (
    <AppShell>
      <UtilityPage width="max-w-5xl" mainClassName="">
        {heading && <h1>Onboarding plan</h1>}
        <button type="button">Start</button>
      </UtilityPage>
    </AppShell>
  )
}

/** The elements Tab stops at, in order (what happy-dom can tell: no layout). */
const tabStops = () =>
  [...document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')].filter(
    (element) => element.tabIndex >= 0,
  )

describe('Skip to content', () => {
  it('is the first stop for Tab, and leads to the page’s main content', () => {
    render(<Page />)
    const skip = screen.getByRole('link', { name: 'Skip to content' })
    expect(tabStops()[0]).toBe(skip)
    expect(skip.getAttribute('href')).toBe('#main')
    expect(document.querySelector('main')?.id).toBe('main')
  })

  it('moves focus to the heading without changing the address, showing the ring only to the keyboard', () => {
    window.history.replaceState(null, '', '/_/set-password#token=abc')
    const focus = vi.spyOn(HTMLElement.prototype, 'focus')
    render(<Page />)
    const skip = screen.getByRole('link', { name: 'Skip to content' })
    fireEvent.click(skip, { detail: 0 }) // Enter on the link
    const heading = screen.getByRole('heading', { name: 'Onboarding plan' })
    expect(document.activeElement).toBe(heading)
    expect(heading.getAttribute('tabindex')).toBe('-1') // no stop for Tab of its own
    expect(focus).toHaveBeenLastCalledWith({ focusVisible: true })
    expect(window.location.pathname + window.location.hash).toBe('/_/set-password#token=abc')
    fireEvent.click(skip, { detail: 1 }) // a pointer
    expect(focus).toHaveBeenLastCalledWith({ focusVisible: false })
  })

  it('leads to the main content itself on a page without a heading yet', () => {
    render(<Page heading={false} />)
    fireEvent.click(screen.getByRole('link', { name: 'Skip to content' }), { detail: 0 })
    expect(document.activeElement).toBe(document.querySelector('main'))
  })
})
