import { LOG_PREFIX } from '../lib/log-prefix.ts'
import { prefetchProspects } from './prefetch.ts'

type ImportModule = (url: string) => Promise<unknown>
type Warn = (...data: unknown[]) => void

/**
 * Finds the URL widget.js was loaded from. `document.currentScript` is null when the script runs
 * from a shadow tree or is injected by a tag manager that evaluates it, so fall back to the last
 * script tag whose path ends in `/widget.js` (a query string such as `?v=2` is allowed).
 */
export function findLoaderUrl(doc: Document): string | null {
  const current = doc.currentScript as HTMLScriptElement | null
  if (current?.src) return current.src
  const scripts = doc.querySelectorAll<HTMLScriptElement>('script[src*="widget.js"]')
  for (let i = scripts.length - 1; i >= 0; i--) {
    const src = scripts[i]?.src ?? ''
    if (/(^|\/)widget\.js([?#]|$)/.test(src)) return src
  }
  return null
}

/**
 * Imports the widget's core from beside widget.js (not from the host page's origin), and meanwhile
 * asks for the prospects already on the page (prefetch.ts). Never throws
 * into the host page: every failure becomes one console warning.
 */
export function startLoader(
  doc: Document,
  coreFile: string,
  importModule: ImportModule,
  warn: Warn = console.warn,
): Promise<unknown> | undefined {
  const failed = (error: unknown) => warn(`${LOG_PREFIX} the widget failed to load.`, error)
  try {
    const loaderUrl = findLoaderUrl(doc)
    if (!loaderUrl) {
      warn(`${LOG_PREFIX} cannot find the <script src=".../widget.js"> tag, so the widget is not loaded.`)
      return
    }
    const core = importModule(new URL(coreFile, loaderUrl).href)
    prefetchProspects(doc, loaderUrl)
    return core.catch(failed)
  } catch (error) {
    failed(error)
  }
}
