import type { ChangeEvent, ReactNode } from 'react'
import { getThemeStore, useTheme } from '../lib/theme.ts'
import { parseThemeChoice, type ThemeChoice } from '../lib/theme-store.ts'
import { MonitorIcon, MoonIcon, SunIcon } from './theme-icons.tsx'

const ICONS: Record<ThemeChoice, ReactNode> = {
  light: <SunIcon />,
  dark: <MoonIcon />,
  system: <MonitorIcon />,
}

/**
 * The phone-sized theme control: one 36 px icon over a transparent native <select>, so the header
 * keeps room for the greeting and the phone shows its own picker. Named "Theme" for screen readers.
 */
export function ThemeSelect({ className = '' }: { className?: string }) {
  const { choice } = useTheme()
  const onChange = (event: ChangeEvent<HTMLSelectElement>) =>
    getThemeStore().setChoice(parseThemeChoice(event.target.value))
  return (
    <div
      className={`relative size-9 shrink-0 rounded-full border border-slate-200 text-slate-700 has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 dark:border-slate-700 dark:text-slate-200 ${className}`}
    >
      <span className="pointer-events-none absolute inset-0 flex items-center justify-center">
        {ICONS[choice]}
      </span>
      <select
        aria-label="Theme"
        value={choice}
        onChange={onChange}
        className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full opacity-0"
      >
        <option value="light">Light</option>
        <option value="dark">Dark</option>
        <option value="system">System</option>
      </select>
    </div>
  )
}
