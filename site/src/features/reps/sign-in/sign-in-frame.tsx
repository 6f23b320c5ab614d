import type { ReactNode } from 'react'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { cardClass, pageTitleClass } from '../ui/field-styles.ts'
import { RepFrame } from '../ui/rep-frame.tsx'

/** The pages a rep reaches without a session (sign-in, setting a password): one card, one form. */
export function SignInFrame({
  title,
  intro,
  children,
}: {
  title: string
  intro: string
  children: ReactNode
}) {
  useDocumentTitle(title)
  return (
    <RepFrame homeHref="/" mainClassName="px-4 pt-10 pb-16 sm:px-6 sm:pt-16">
      <div className={`${cardClass} mx-auto max-w-md p-6 sm:p-8`}>
        <h1 className={pageTitleClass}>{title}</h1>
        <p className="mt-2 text-slate-600 dark:text-slate-300">{intro}</p>
        <div className="mt-6">{children}</div>
      </div>
    </RepFrame>
  )
}
