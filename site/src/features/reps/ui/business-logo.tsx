import { logoPath } from '#core/website-reading.ts'
import { getApiUrl } from '../../../lib/api-url.ts'

/** A stored logo's id (core/prospect-fields.ts): anything else is no picture of ours to show. */
export const LOGO_ID = /^[0-9a-f]{64}$/

interface BusinessLogoProps {
  /** The stored logo's id. */
  logo: string
  /** Its square's side in CSS pixels (width and height, so nothing moves as it loads). */
  size: number
  /** '' where the business's name stands beside it. */
  alt: string
  /** The square's size as a class (`size-6`), matching `size`. */
  className: string
  lazy?: boolean
}

/**
 * A business's logo as we keep it (a PNG of at most 256 px, from its website), on a white tile so a
 * transparent logo reads in dark mode too. Nothing for a value that is not one of our stored logos.
 */
export function BusinessLogo({ logo, size, alt, className, lazy = false }: BusinessLogoProps) {
  if (!LOGO_ID.test(logo)) return null
  return (
    <img
      src={getApiUrl(logoPath(logo))}
      alt={alt}
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      className={`shrink-0 rounded-md bg-white object-contain ring-1 ring-slate-200 dark:ring-slate-700 ${className}`}
    />
  )
}
