import type { ReactNode } from 'react'
import { SkipLink } from '../components/skip-link.tsx'
import { ThemeProvider } from '../components/theme-provider.tsx'
import { useWidgetAttributes } from '../lib/use-widget-attributes.ts'
import { useRoute } from './use-route.ts'

/**
 * What every screen has around its page: Skip to content (the first stop for Tab), the theme and the
 * widget's floating video-call button, which
 * also holds the page's one toast area (the widget's toasts are the only ones the site shows). The
 * button is the widget's own element, defined by widget.mjs like `<voice-demo>`; until that script
 * arrives it renders nothing and takes no space. On a prospect page it gets the page's slug, so the
 * support persona can greet the prospect by name.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const route = useRoute()
  const slug = route.page === 'prospect' ? route.slug : undefined
  const widget = useWidgetAttributes()
  return (
    <ThemeProvider>
      <SkipLink />
      {children}
      {/* Fixed at the bottom left from 1280 px; narrower, in the flow under the footer (index.css). */}
      <voice-video-call slug={slug} {...widget} />
    </ThemeProvider>
  )
}
