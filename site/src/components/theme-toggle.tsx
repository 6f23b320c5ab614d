import type { ReactNode } from 'react'
import { getThemeStore, useTheme } from '../lib/theme.ts'
import type { ThemeChoice } from '../lib/theme-store.ts'
import { MonitorIcon, MoonIcon, SunIcon } from './theme-icons.tsx'
import { ThemeSelect } from './theme-select.tsx'

const OPTIONS: { choice: ThemeChoice; label: string; icon: ReactNode }[] = [
  { choice: 'light', label: 'Light', icon: <SunIcon /> },
  { choice: 'dark', label: 'Dark', icon: <MoonIcon /> },
  { choice: 'system', label: 'System', icon: <MonitorIcon /> },
]

/**
 * The theme control for the headers: a compact native select on phones, and from 640 px Light / Dark /
 * System as three native radio buttons (one Tab stop, arrow keys move and select, announced as
 * "Theme, Dark, radio button, 2 of 3" with no script of ours).
 */
export function ThemeToggle() {
  return (
    <>
      <ThemeSelect className="sm:hidden" />
      <ThemeRadios className="hidden sm:flex" />
    </>
  )
}

function ThemeRadios({ className }: { className: string }) {
  const { choice } = useTheme()
  return (
    <fieldset
      className={`shrink-0 items-center gap-0.5 rounded-full border border-slate-200 bg-white/70 p-0.5 dark:border-slate-700 dark:bg-slate-900/70 ${className}`}
    >
      <legend className="sr-only">Theme</legend>
      {OPTIONS.map((option) => (
        <label
          key={option.choice}
          title={option.label}
          className="flex size-8 cursor-pointer items-center justify-center rounded-full text-slate-500 transition-colors hover:text-slate-900 has-checked:bg-slate-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-indigo-600 dark:text-slate-400 dark:hover:text-white dark:has-checked:bg-white dark:has-checked:text-slate-900 dark:has-focus-visible:outline-indigo-400"
        >
          <input
            type="radio"
            name="theme"
            value={option.choice}
            checked={choice === option.choice}
            onChange={() => getThemeStore().setChoice(option.choice)}
            className="sr-only"
          />
          {option.icon}
          <span className="sr-only">{option.label}</span>
        </label>
      ))}
    </fieldset>
  )
}
