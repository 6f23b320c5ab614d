import type { ReactNode } from 'react'
import { UtilityPage } from '../../components/utility-page.tsx'
import { useDocumentTitle } from '../../lib/use-document-title.ts'

/** A page of plain words (privacy, terms): a title, when it was last changed, and its sections. */
export function LegalPage({
  title,
  updated,
  children,
}: {
  title: string
  updated: string
  children: ReactNode
}) {
  useDocumentTitle(title)
  return (
    <UtilityPage width="max-w-5xl" mainClassName="px-4 pt-12 pb-20 sm:px-6">
      <article className="mx-auto max-w-2xl text-slate-700 dark:text-slate-300 [&_h2]:mt-10 [&_h2]:text-xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900 dark:[&_h2]:text-white [&_li]:mt-2 [&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6">
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {title}
        </h1>
        <p className="text-sm text-slate-500 dark:text-slate-400">Last changed {updated}</p>
        {children}
      </article>
    </UtilityPage>
  )
}
