import type { ReactNode } from 'react'
import { ThemeProvider } from '../components/theme-provider.tsx'
import { ToastRegion } from '../components/toast-region.tsx'

/**
 * What every screen has around its page (SPEC §2 "Every screen"): the theme, the one toast area and
 * the widget's floating video-call button. The button is the widget's own element, defined by
 * widget.js like `<voice-demo>`; until that script arrives it renders nothing and takes no space.
 */
export function AppShell({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider>
      {children}
      <ToastRegion />
      <voice-video-call />
    </ThemeProvider>
  )
}
