import type { SlugAvailability } from './use-slug-availability.ts'

/**
 * What the availability check found, in words, for under the slug field (a live region). A taken
 * slug is the field's error instead (red, and the field marked invalid), so it is not said twice.
 */
export function SlugStatus({ availability }: { availability: SlugAvailability }) {
  switch (availability.status) {
    case 'idle':
      return ''
    case 'checking':
      return 'Checking whether this link is free…'
    case 'available':
      return <span className="font-semibold text-emerald-700 dark:text-emerald-400">This link is free.</span>
    case 'taken':
      return ''
    case 'error':
      return `Could not check this link: ${availability.message}`
  }
}
