import type { PasswordLinkAnswer } from '#core/rep-api.ts'
import { CopyBlock } from '../detail/copy-block.tsx'
import { formatDateTime } from '../ui/format.ts'
import { describeValidity } from './team-words.ts'

/**
 * A new one-time link to hand over: the product sends no email, so the admin copies it and sends it
 * themselves. Says how long it works and that it works once.
 */
export function LinkResult({ email, link }: { email: string; link: PasswordLinkAnswer }) {
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <CopyBlock label="Link" text={link.url} />
      <p className="text-sm break-words text-slate-700 dark:text-slate-300">
        Send this link to {email}; it works once, for {describeValidity(link.createdAt, link.expiresAt)}{' '}
        (until {formatDateTime(link.expiresAt)}). No email is sent: they only get it from you.
      </p>
    </div>
  )
}
