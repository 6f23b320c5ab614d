import { isValidSlug } from '#core/prospect.ts'

/**
 * widget.js asks for each prospect already on the page while the core chunk downloads, so the panel
 * waits for one round trip after the loader instead of two (on a slow phone link, ~0.6 s). It is a
 * `<link rel="preload" as="fetch">`: the core's own `fetch` of the same URL (CORS mode, no credentials
 * beyond same-origin, no custom header) takes the preloaded answer, so the core needs no code for it.
 * Only elements without `api-base` are preloaded (the core resolves that attribute and reports it
 * when it is bad), and only valid slugs.
 */
export function prefetchProspects(doc: Document, loaderUrl: string): void {
  for (const element of doc.querySelectorAll('voice-demo:not([api-base])')) {
    const slug = element.getAttribute('slug') as string
    if (!isValidSlug(slug)) continue
    const link = doc.createElement('link')
    link.rel = 'preload'
    link.as = 'fetch'
    link.crossOrigin = 'anonymous'
    link.href = new URL(`/api/prospects/${slug}`, loaderUrl).href
    doc.head.append(link)
  }
}
