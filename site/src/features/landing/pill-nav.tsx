import type { CSSProperties, MouseEvent } from 'react'
import { NavIcon } from './nav-icon.tsx'
import { getSectionId, HOME_ID, navItems, spiedSectionIds } from './nav-items.ts'
import { scrollToSection } from './scroll-to-section.ts'
import { useScrollspy } from './use-scrollspy.ts'

/**
 * The header's pill navigation. The pill of the section being read wears its gradient and
 * `aria-current`; on phones the pills show icons only and keep their names for assistive tech.
 */
export function PillNav() {
  const current = useScrollspy(spiedSectionIds)
  return (
    <nav aria-label="Sections">
      <ul className="flex items-center rounded-full border border-slate-200 bg-white/70 p-0.5 shadow-sm sm:gap-0.5 sm:p-1 dark:border-slate-700 dark:bg-slate-900/70">
        {navItems.map((item) => {
          const id = getSectionId(item.title)
          const active = id === current
          const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
            event.preventDefault()
            scrollToSection(id)
          }
          const gradient = { '--nav-from': item.gradientFrom, '--nav-to': item.gradientTo } as CSSProperties
          return (
            <li key={id}>
              <a
                href={id === HOME_ID ? '#top' : `#${id}`}
                aria-current={active ? 'location' : undefined}
                onClick={handleClick}
                style={gradient}
                className={`flex h-8 min-w-8 items-center justify-center gap-1.5 rounded-full px-1.5 sm:h-9 sm:min-w-9 sm:px-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 md:px-3.5 dark:focus-visible:outline-indigo-400 ${
                  active
                    ? 'bg-linear-to-r from-(--nav-from) to-(--nav-to) text-white shadow-md shadow-slate-900/10'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white'
                }`}
              >
                <span className={active ? undefined : 'text-(--nav-from) dark:text-slate-300'}>
                  <NavIcon name={item.icon} />
                </span>
                <span className="sr-only md:not-sr-only">{item.title}</span>
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
