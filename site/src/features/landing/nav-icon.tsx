import { LineIcon } from '../../components/line-icon.tsx'
import type { NavIconName } from './nav-items.ts'

const paths: Record<NavIconName, string> = {
  home: 'M3 10.5 12 3l9 7.5M5 9v11h5v-6h4v6h5V9',
  play: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm-2-12.5v7l6-3.5-6-3.5Z',
  chat: 'M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.4A8 8 0 1 1 21 12Z',
  calendar:
    'M8 3v3M16 3v3M4 8h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm3 8h2m4 0h2m-8 4h2',
}

/** A decorative line icon for a nav pill; the pill's text or aria-label names it. */
export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <LineIcon className="size-[18px] shrink-0">
      <path d={paths[name]} />
    </LineIcon>
  )
}
