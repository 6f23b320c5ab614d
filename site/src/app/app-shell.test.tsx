import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ThemeToggle } from '../components/theme-toggle.tsx'
import { navigate } from '../lib/router.ts'
import { AppShell } from './app-shell.tsx'

afterEach(() => {
  cleanup()
  localStorage.clear()
  window.history.replaceState(null, '', '/')
})

const videoButton = () => document.querySelector('voice-video-call')

describe('<AppShell>', () => {
  it("gives the floating video-call button the prospect page's slug, and none elsewhere", () => {
    window.history.replaceState(null, '', '/harbor-realty')
    render(<AppShell>page</AppShell>)
    expect(videoButton()?.getAttribute('slug')).toBe('harbor-realty')

    act(() => navigate('/'))
    expect(videoButton()?.hasAttribute('slug')).toBe(false)
    act(() => navigate('/_/onboarding'))
    expect(videoButton()?.hasAttribute('slug')).toBe(false)
    act(() => navigate('/bright-smile-dental'))
    expect(videoButton()?.getAttribute('slug')).toBe('bright-smile-dental')
  })

  it("draws the video-call button in the site's theme, switching with the theme toggle", () => {
    render(
      <AppShell>
        <ThemeToggle />
      </AppShell>,
    )
    expect(videoButton()?.getAttribute('theme')).toBe('light')
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }))
    expect(videoButton()?.getAttribute('theme')).toBe('dark')
    fireEvent.click(screen.getByRole('radio', { name: 'Light' }))
    expect(videoButton()?.getAttribute('theme')).toBe('light')
  })
})
