/** The part of Calendly's global API we call (https://help.calendly.com/hc/en-us/articles/31644195810199). */
export interface CalendlyApi {
  initPopupWidget(options: { url: string }): void
  initInlineWidget(options: { url: string; parentElement: HTMLElement }): void
}

export const CALENDLY_SCRIPT_URL = 'https://assets.calendly.com/assets/external/widget.js'
export const CALENDLY_STYLE_URL = 'https://assets.calendly.com/assets/external/widget.css'
/** After this long without the script, the visitor gets the plain booking link instead of a spinner. */
export const CALENDLY_TIMEOUT_MS = 8000

/** One user of the assets: `ready` settles with the API, or null when the script cannot be used. */
export interface CalendlyLease {
  ready: Promise<CalendlyApi | null>
  release(): void
}

interface LoaderOptions {
  doc?: Document
  timeoutMs?: number
  getApi?: () => CalendlyApi | undefined
}

const readWindowApi = (): CalendlyApi | undefined => (window as { Calendly?: CalendlyApi }).Calendly

/**
 * Adds Calendly's script and stylesheet while at least one component needs them and removes both
 * when the last one lets go, so the landing page carries no third-party code after leaving it.
 */
export function createCalendlyLoader(options: LoaderOptions = {}) {
  const { timeoutMs = CALENDLY_TIMEOUT_MS, getApi = readWindowApi } = options
  let users = 0
  let current: { tags: HTMLElement[]; ready: Promise<CalendlyApi | null>; cancel: () => void } | null = null

  function inject() {
    // Read on first use, not at import: the landing page is also rendered at build time, in Node.
    const doc = options.doc ?? document
    const link = doc.createElement('link')
    link.rel = 'stylesheet'
    link.href = CALENDLY_STYLE_URL
    const script = doc.createElement('script')
    script.src = CALENDLY_SCRIPT_URL
    script.async = true
    let timer: ReturnType<typeof setTimeout> | undefined
    let settle: (api: CalendlyApi | null) => void = () => {}
    const ready = new Promise<CalendlyApi | null>((resolve) => {
      settle = (api) => {
        clearTimeout(timer)
        resolve(api)
      }
      // Listeners first: a blocked request may report its error while the tag is being appended.
      script.addEventListener('load', () => settle(getApi() ?? null))
      script.addEventListener('error', () => settle(null))
      timer = setTimeout(() => settle(null), timeoutMs)
    })
    doc.head.append(link, script)
    return { tags: [link, script], ready, cancel: () => settle(null) }
  }

  return {
    acquire(): CalendlyLease {
      users += 1
      current ??= inject()
      let released = false
      return {
        ready: current.ready,
        release() {
          if (released) return // a second release must not take another user's assets away
          released = true
          users -= 1
          if (users > 0 || !current) return
          current.cancel()
          for (const tag of current.tags) tag.remove()
          current = null
        },
      }
    },
    /** How many components hold the assets now (for tests and debugging). */
    getUserCount: () => users,
  }
}

/** The site's one loader: the contact section and the hero's button share its tags. */
export const calendlyLoader = createCalendlyLoader()
