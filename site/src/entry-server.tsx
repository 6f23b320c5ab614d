import { StrictMode } from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { App } from './app/app.tsx'
import { LEGAL_PAGES } from './features/legal/legal-pages.ts'
import { type PreloadedAnswer, setServerPreload } from './lib/preloaded-prospect.ts'
import { setServerPathname } from './lib/router.ts'

const renderApp = () =>
  renderToString(
    <StrictMode>
      <App />
    </StrictMode>,
  )

/**
 * The pages the build renders to files (scripts/prerender-site.ts), so that they paint before the
 * site's JavaScript arrives (LCP on slow phones) and read whole without it: the landing page and the
 * legal pages, each with its title and description. The client hydrates them; `chunk` is the page's
 * lazy module (as the site's build manifest names it), which its HTML preloads so hydration does not
 * wait for the main script to ask for it.
 */
export const PRERENDERED_PAGES = [
  { pathname: '/', file: 'index.html', head: null, chunk: null },
  {
    pathname: '/privacy',
    file: 'privacy.html',
    head: LEGAL_PAGES.privacy,
    chunk: 'src/features/legal/privacy-page.tsx',
  },
  {
    pathname: '/terms',
    file: 'terms.html',
    head: LEGAL_PAGES.terms,
    chunk: 'src/features/legal/terms-page.tsx',
  },
] as const

/**
 * A prerendered page's HTML, lazy parts included (the legal pages are their own chunk), so the file
 * holds the page and not its loading state. `prerender` waits for the lazy chunks but may move large
 * parts to the end of the document behind inline scripts, which the pages' policy refuses; so it only
 * loads them, and the page is rendered to a string once they are in, whole and in order. The client
 * hydrates it once its chunk is in, leaving the HTML as it is until then.
 */
export async function renderSitePage(pathname: string): Promise<string> {
  setServerPathname(pathname)
  try {
    const { prelude } = await prerender(
      <StrictMode>
        <App />
      </StrictMode>,
    )
    await new Response(prelude).arrayBuffer()
  } finally {
    setServerPathname('/')
  }
  return renderPath(pathname)
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
