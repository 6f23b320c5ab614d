import { siteConfig } from '../config.ts'

/** The small footer under every page. */
export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 pt-8 pb-28 text-sm text-slate-600 sm:flex-row sm:px-6 dark:text-slate-400">
        <p>
          © {new Date().getFullYear()} {siteConfig.productName}. AI voice agents for small businesses.
        </p>
        <p>Answers every call, around the clock.</p>
      </div>
    </footer>
  )
}
