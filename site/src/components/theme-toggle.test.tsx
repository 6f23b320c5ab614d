import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { THEME_STORAGE_KEY } from '../lib/theme-store.ts'
import { ThemeToggle } from './theme-toggle.tsx'

afterEach(() => {
  fireEvent.click(screen.getByRole('radio', { name: 'Light' }))
  cleanup()
  localStorage.clear()
})

describe('<ThemeToggle>', () => {
  it('offers Light, Dark and System in a group named Theme, Light by default', () => {
    render(<ThemeToggle />)
    const group = screen.getByRole('group', { name: 'Theme' })
    expect(group).toBeTruthy()
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      'light',
      'dark',
      'system',
    ])
    expect((screen.getByRole('radio', { name: 'Light' }) as HTMLInputElement).checked).toBe(true)
  })

  it('switches <html> to dark and remembers the choice', () => {
    render(<ThemeToggle />)
    fireEvent.click(screen.getByRole('radio', { name: 'Dark' }))
    expect(document.documentElement.classList.contains('dark')).toBe(true)
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark')
    expect((screen.getByRole('radio', { name: 'Dark' }) as HTMLInputElement).checked).toBe(true)
  })

  it('offers the same choice in the phone-sized select, kept in step with the radios', () => {
    render(<ThemeToggle />)
    const select = screen.getByRole('combobox', { name: 'Theme' }) as HTMLSelectElement
    expect(select.value).toBe('light')
    fireEvent.change(select, { target: { value: 'system' } })
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('system')
    expect((screen.getByRole('radio', { name: 'System' }) as HTMLInputElement).checked).toBe(true)
  })
})
