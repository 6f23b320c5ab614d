import { Link } from '../../../components/link.tsx'
import { usePathname } from '../../../lib/router.ts'
import { ACTIVITY_PATH, LIST_PATH, TEAM_PATH, WEBHOOKS_PATH } from '../rep-paths.ts'

const LINKS = [
  { href: ACTIVITY_PATH, label: 'Activity' },
  { href: LIST_PATH, label: 'Prospects' },
] as const
/** Admins only: the server refuses the team's data to anyone else. */
const ADMIN_LINKS = [
  { href: TEAM_PATH, label: 'Team' },
  { href: WEBHOOKS_PATH, label: 'Webhooks' },
] as const

/**
 * The signed-in pages' sections (and the team's, for an admin); the one a page belongs to is marked,
 * in words and by a line.
 */
export function RepNav({ isAdmin = false }: { isAdmin?: boolean }) {
  const pathname = usePathname()
  return (
    <nav aria-label="Sections" className="mx-auto flex max-w-6xl gap-1 px-3 sm:px-6">
      {[...LINKS, ...(isAdmin ? ADMIN_LINKS : [])].map(({ href, label }) => {
        const current = pathname === href || pathname.startsWith(`${href}/`)
        return (
          <Link
            key={href}
            href={href}
            aria-current={current ? 'page' : undefined}
            className="-mb-px rounded-t-lg border-b-2 border-transparent px-3 py-2 text-sm font-semibold text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-600 aria-[current=page]:border-indigo-600 aria-[current=page]:text-slate-900 dark:text-slate-400 dark:hover:text-white dark:aria-[current=page]:border-indigo-400 dark:aria-[current=page]:text-white"
          >
            {label}
          </Link>
        )
      })}
    </nav>
  )
}
