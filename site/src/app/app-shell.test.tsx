import { act, cleanup, render } from '@testing-library/react'
import { afterEach, expect, it } from 'vitest'
import { navigate } from '../lib/router.ts'
import { AppShell } from './app-shell.tsx'

afterEach(() => {
  cleanup()
  window.history.replaceState(null, '', '/')
})

const videoButton = () => document.querySelector('voice-video-call')

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
