import { useRef, useState } from 'react'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { ProspectFields } from '#core/prospect-fields.ts'
import { LINKEDIN_MESSAGE_LIMIT, type OutreachWordingResponse } from '#core/rep-api.ts'
import { primaryButtonClass, secondaryButtonClass } from '../../../components/button-styles.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { Alert } from '../ui/alert.tsx'
import { cardClass, hintClass } from '../ui/field-styles.ts'
import { copyRich, copyText } from './copy-text.ts'
import { getOutreachWording } from './outreach-endpoints.ts'
import { buildOutreachMessage, firstNameOf, type OutreachMessage, tryBuild } from './outreach-message.ts'
import { useCopyFeedback } from './use-copy-feedback.ts'
import { WordingEditor } from './wording-editor.tsx'

const statusClass = 'text-sm text-emerald-700 dark:text-emerald-400'
const boxClass =
  'rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm leading-relaxed whitespace-pre-wrap text-slate-800 ' +
  '[overflow-wrap:anywhere] dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200'

/**
 * "Email {first name}": the message a rep sends this prospect, in the team's wording. The email is
 * shown as it pastes (the preview picture linking to their page) and copied rich or plain, or opened
 * in the mail app; the LinkedIn message beside it, with its count against LinkedIn's 300. An admin
 * changes the wording for everyone from here, with a preview for this prospect.
 */
export function OutreachSection({ fields, isAdmin }: { fields: ProspectFields; isAdmin: boolean }) {
  const loaded = useKeyedLoad('outreach-wording', getOutreachWording, { failedMessage: UNAVAILABLE_MESSAGE })
  const [saved, setSaved] = useState<OutreachWordingResponse | null>(null)
  const [editing, setEditing] = useState(false)
  const answer = saved ?? (loaded.status === 'done' ? loaded.value : null)
  const origin = window.location.origin
  const addressee = firstNameOf(fields.name, fields.company_name) ?? fields.company_name

  return (
    <section aria-labelledby="email-heading" className={`${cardClass} space-y-5`}>
      <div>
        <h2 id="email-heading" className="text-lg font-bold tracking-tight break-words">
          Email {addressee}
        </h2>
        <p className={hintClass}>
          Written for this prospect in the team's wording. The picture is their page's preview and opens it;
          the links tell the Timeline which message they came from.
        </p>
      </div>
      {loaded.status === 'error' && !saved && <Alert>{loaded.message}</Alert>}
      {!answer && loaded.status !== 'error' && (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Writing the message…
        </p>
      )}
      {answer && <Built message={tryBuild(() => buildOutreachMessage({ ...answer, fields, origin }))} />}
      {answer && isAdmin && !editing && (
        <button type="button" className={`${secondaryButtonClass} py-2`} onClick={() => setEditing(true)}>
          Change the wording for everyone
        </button>
      )}
      {answer && isAdmin && editing && (
        <WordingEditor
          answer={answer}
          fields={fields}
          origin={origin}
          onDone={(next) => {
            if (next) setSaved(next)
            setEditing(false)
          }}
        />
      )}
    </section>
  )
}

/** The message, or what keeps the team's wording from making one (a rule newer than the wording). */
function Built({ message }: { message: OutreachMessage | string }) {
  return typeof message === 'string' ? (
    <Alert>The team's wording has a mistake: {message}</Alert>
  ) : (
    <Message message={message} />
  )
}

function Message({ message }: { message: OutreachMessage }) {
  const emailRef = useRef<HTMLDivElement>(null)
  const linkedinRef = useRef<HTMLPreElement>(null)
  const [emailStatus, showEmailStatus] = useCopyFeedback()
  const [linkedinStatus, showLinkedinStatus] = useCopyFeedback()
  const linkedinLength = message.linkedin.length
  return (
    <>
      <div className="space-y-2">
        <p className="text-sm break-words text-slate-900 dark:text-white">
          <span className="font-semibold">Subject:</span>{' '}
          <span data-testid="email-subject">{message.subject}</span>
        </p>
        <div
          ref={emailRef}
          data-testid="email-preview"
          className="overflow-hidden rounded-xl border border-slate-200 bg-white p-4 [overflow-wrap:anywhere] dark:border-slate-700 [&_img]:aspect-[40/21] [&_img]:bg-slate-100"
          // The email as it pastes: markup of ours, every value escaped (outreach-message.ts emailHtml).
          // The picture keeps its proportions while it loads, or where it cannot, so nothing below moves.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: showing the very HTML copied is the point
          dangerouslySetInnerHTML={{ __html: message.html }}
        />
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={`${primaryButtonClass} py-2.5`}
            onClick={async () =>
              showEmailStatus(await copyRich(message.html, message.text, emailRef.current))
            }
          >
            Copy email
          </button>
          <button
            type="button"
            className={`${secondaryButtonClass} py-2.5`}
            onClick={async () => showEmailStatus(await copyText(message.text, emailRef.current))}
          >
            Copy as plain text
          </button>
          <a href={message.mailto} className={`${secondaryButtonClass} py-2.5`}>
            Open in mail app
          </a>
          <span role="status" aria-live="polite" className={statusClass}>
            {emailStatus}
          </span>
        </div>
      </div>
      <div className="space-y-2">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <h3 className="text-sm font-semibold text-slate-900 dark:text-white">LinkedIn message</h3>
          <span
            data-testid="linkedin-count"
            className="text-sm text-slate-600 tabular-nums dark:text-slate-400"
          >
            {linkedinLength} characters · LinkedIn takes fewer than {LINKEDIN_MESSAGE_LIMIT}
          </span>
        </div>
        <pre ref={linkedinRef} data-testid="linkedin-message" className={`${boxClass} font-sans`}>
          {message.linkedin}
        </pre>
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className={`${secondaryButtonClass} py-2`}
            onClick={async () => showLinkedinStatus(await copyText(message.linkedin, linkedinRef.current))}
          >
            Copy LinkedIn message
          </button>
          <span role="status" aria-live="polite" className={statusClass}>
            {linkedinStatus}
          </span>
        </div>
      </div>
    </>
  )
}
