import { Fragment } from 'react'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { PROSPECT_FIELD_LABELS, PROSPECT_FIELD_NAMES } from '#core/prospect-fields.ts'
import type { DeletedProspectResponse } from '#core/rep-api.ts'
import { Link } from '../../../components/link.tsx'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { AuditHistory } from '../detail/audit-history.tsx'
import { StampText } from '../detail/prospect-facts.tsx'
import { DELETED_PATH } from '../rep-paths.ts'
import { SignedInPage } from '../session/signed-in-page.tsx'
import { Alert } from '../ui/alert.tsx'
import { cardClass, pageTitleClass, textLinkClass } from '../ui/field-styles.ts'
import { getDeletedProspect } from './deleted-endpoints.ts'

/**
 * Route `/_/deleted/:id`: a deleted prospect as it was when deleted (its values and owner), who
 * deleted it and when, and its whole history. Read only.
 */
export function DeletedProspectPage({ id }: { id: string }) {
  return (
    <SignedInPage title="Deleted prospect">
      <DeletedProspect id={id} />
    </SignedInPage>
  )
}

function DeletedProspect({ id }: { id: string }) {
  const state = useKeyedLoad(id, getDeletedProspect, { failedMessage: UNAVAILABLE_MESSAGE })
  return (
    <>
      <Link href={DELETED_PATH} className={textLinkClass}>
        ← Recently deleted prospects
      </Link>
      {state.status === 'loading' && (
        <p role="status" className="mt-4 text-slate-600 dark:text-slate-400">
          Loading the deleted prospect…
        </p>
      )}
      {state.status === 'error' && (
        <div className="mt-4 max-w-xl space-y-4">
          <h1 className={pageTitleClass}>Deleted prospect</h1>
          <Alert>{state.message}</Alert>
        </div>
      )}
      {state.status === 'done' && <Loaded deleted={state.value} />}
    </>
  )
}

const ddClass = 'break-words whitespace-pre-wrap text-slate-700 dark:text-slate-300'

function Loaded({ deleted }: { deleted: DeletedProspectResponse }) {
  const { fields } = deleted
  return (
    <>
      <h1 className={`${pageTitleClass} mt-3`}>{fields?.company_name ?? deleted.slug} (deleted)</h1>
      <p className="mt-1 text-slate-600 dark:text-slate-300">
        Deleted <StampText stamp={deleted.deleted} />. Its page{' '}
        <span className="font-mono text-sm">/{deleted.slug}</span> shows the general demo now, unless a new
        prospect took the link.
      </p>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="last-values-heading" className={cardClass}>
          <h2 id="last-values-heading" className="text-lg font-bold tracking-tight">
            What it was
          </h2>
          {fields === null ? (
            <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
              It was deleted before deleted prospects' values were kept.
            </p>
          ) : (
            <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
              <dt className="font-semibold">Owner</dt>
              <dd className={ddClass}>{deleted.owner?.email ?? 'Nobody'}</dd>
              {PROSPECT_FIELD_NAMES.map((field) => (
                <Fragment key={field}>
                  <dt className="font-semibold">{PROSPECT_FIELD_LABELS[field]}</dt>
                  <dd className={ddClass}>{fields[field] ?? '—'}</dd>
                </Fragment>
              ))}
            </dl>
          )}
        </section>
        <AuditHistory history={deleted.history} slug={deleted.slug} />
      </div>
    </>
  )
}
