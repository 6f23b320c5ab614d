import { useState } from 'react'
import { usePathname } from '../lib/router.ts'
import { matchRoute, type Route } from './match-route.ts'
import { NOT_FOUND_ROOT_ATTRIBUTE } from './not-found-root.ts'

/** The path this document was loaded at when it is the 404 page; null elsewhere, and in Node. */
function readNotFoundPath(): string | null {
  if (typeof document === 'undefined') return null
  const root = document.getElementById('root')
  return root?.hasAttribute(NOT_FOUND_ROOT_ATTRIBUTE) ? window.location.pathname : null
}

/**
 * The page for the current path. On the 404 page, the path it was loaded at stays not found (the
 * server has no page there, even if the path looks like a slug); its links route as anywhere else.
 */
export function useRoute(): Route {
  const [notFoundPath] = useState(readNotFoundPath)
  const pathname = usePathname()
  return pathname === notFoundPath ? { page: 'not-found' } : matchRoute(pathname)
}
