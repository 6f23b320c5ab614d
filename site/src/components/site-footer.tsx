import { siteConfig } from '../config.ts'
import { AFTER_FIRST_PAINT } from '../lib/after-first-paint.ts'
import { Link } from './link.tsx'

const FOOTER_LINK =
  'rounded underline-offset-4 hover:text-slate-900 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:hover:text-white'

/**
 * The small footer under every page. `afterFirstPaint`: laid out after the page's first paint, as the
 * parts of the landing page above it are (lib/after-first-paint.ts), so that it never shows right under
 * the hero for a frame.
 */
export function SiteFooter({ afterFirstPaint = false }: { afterFirstPaint?: boolean }) {
  return (
    <footer
      {...(afterFirstPaint ? AFTER_FIRST_PAINT : {})}
      className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950"
    >
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 pt-8 pb-8 text-sm xl:pb-28 text-slate-600 sm:flex-row sm:px-6 dark:text-slate-400">
        <p>
          © {new Date().getFullYear()} {siteConfig.productName}. AI voice agents for small businesses.
        </p>
        <nav aria-label="Legal" className="flex gap-5">
          <Link href="/privacy" className={FOOTER_LINK}>
            Privacy
          </Link>
          <Link href="/terms" className={FOOTER_LINK}>
            Terms
          </Link>
        </nav>
      </div>
    </footer>
  )
}
