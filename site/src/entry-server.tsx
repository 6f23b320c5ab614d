import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { App } from './app/app.tsx'
import { type PreloadedAnswer, setServerPreload } from './lib/preloaded-prospect.ts'
import { setServerPathname } from './lib/router.ts'

const renderApp = () =>
  renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  )

/**
 * The landing page as HTML, rendered at build time by scripts/prerender-site.ts so that `/` paints
 * before the site's JavaScript arrives (LCP on slow phones). The client hydrates it.
 */
export function renderLandingPage(): string {
  return renderPath('/')
}

/**
 * A prospect's page as HTML, rendered by the server on request with the answer it read (the client
 * reads the same answer from the page and hydrates without asking again).
 */
export function renderProspectPage(pathname: string, preload: PreloadedAnswer): string {
  setServerPreload(preload)
  try {
    return renderPath(pathname)
  } finally {
    setServerPreload(null)
  }
}

function renderPath(pathname: string): string {
  setServerPathname(pathname)
  try {
    return renderApp()
  } finally {
    setServerPathname('/')
  }
}
