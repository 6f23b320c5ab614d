import type { PasswordLinkAnswer, TeamLinkMail } from '#core/rep-api.ts'
import { CopyBlock } from '../detail/copy-block.tsx'
import { Alert } from '../ui/alert.tsx'
import { formatDateTime } from '../ui/format.ts'
import { describeLinkMail, describeValidity } from './team-words.ts'

interface LinkResultProps {
  email: string
  link: PasswordLinkAnswer
  /** With mail on: the address the link was emailed to; null or absent: nothing was emailed. */
  emailedTo?: string | null | undefined
  /** How that email went, as the team's latest answer says; absent until it is read. */
  mail?: TeamLinkMail | null | undefined
}

/**
 * A new one-time link. With mail on it was emailed to the person, and the page says so, then whether it
 * was delivered; the link stays here to copy, so a message that bounced does not stop anyone. Without
 * mail the admin copies it and sends it themselves. Says how long it works and that it works once.
 */
export function LinkResult({ email, link, emailedTo, mail }: LinkResultProps) {
  const validity = `it works once, for ${describeValidity(link.createdAt, link.expiresAt)} (until ${formatDateTime(link.expiresAt)})`
  const failed = mail?.state === 'failed'
  return (
    <div className="space-y-2 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      {emailedTo && failed && mail ? (
        <Alert>{describeLinkMail(mail)}. Check the address, or copy the link and send it yourself.</Alert>
      ) : emailedTo ? (
        <p className="text-sm font-semibold break-words">
          {mail ? describeLinkMail(mail) : `We emailed the link to ${emailedTo}.`}
        </p>
      ) : null}
      <CopyBlock label="Link" text={link.url} />
      <p className="text-sm break-words text-slate-700 dark:text-slate-300">
        {emailedTo
          ? `The same link is here if they need it again: ${validity}.`
          : `Send this link to ${email}; ${validity}. No email is sent: they only get it from you.`}
      </p>
    </div>
  )
}
