import type { ReactNode } from 'react'
import { ThemeProvider } from '../components/theme-provider.tsx'
import { ToastRegion } from '../components/toast-region.tsx'
import { widgetApiAttributes } from '../config.ts'
import { usePathname } from '../lib/router.ts'
import { matchRoute } from './match-route.ts'

/**
 * What every screen has around its page (SPEC §2 "Every screen"): the theme, the one toast area and
 * the widget's floating video-call button. The button is the widget's own element, defined by
 * widget.mjs like `<voice-demo>`; until that script arrives it renders nothing and takes no space. On
 * a prospect page it gets the page's slug, so the support persona can greet the prospect by name.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const route = matchRoute(usePathname())
  const slug = route.page === 'prospect' ? route.slug : undefined
  return (
    <ThemeProvider>
      {children}
      <ToastRegion />
      <voice-video-call slug={slug} {...widgetApiAttributes} />
    </ThemeProvider>
  )
}
