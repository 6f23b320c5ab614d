import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { App } from './app/app.tsx'

/**
 * The landing page as HTML, rendered at build time by scripts/prerender-site.ts so that `/` paints
 * before the site's JavaScript arrives (LCP on slow phones). The client hydrates it.
 */
export function renderLandingPage(): string {
  return renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  )
}
