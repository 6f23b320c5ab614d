import { useCallback, useState } from 'react'

const readSlugParam = (): string | null => new URLSearchParams(window.location.search).get('slug')

/**
 * The picked slug, kept in `?slug=` so a rep can bookmark or share the page for one prospect.
 * Replaced, not pushed: picking is not navigating, and Back should leave the page.
 */
export function useSlugParam(): [string | null, (slug: string) => void] {
  const [slug, setSlug] = useState(readSlugParam)
  const pick = useCallback((next: string) => {
    const url = new URL(window.location.href)
    url.searchParams.set('slug', next)
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
    setSlug(next)
  }, [])
  return [slug, pick]
}
