import { useEffect, useState } from 'react'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { RepProspectDetail } from '#core/rep-api.ts'
import { Link } from '../../../components/link.tsx'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { useAgentTemplates } from '../agent/use-agent-templates.ts'
import { getProspect } from '../api/rep-endpoints.ts'
import { goTo } from '../rep-navigate.ts'
import { getEditPath, getProspectPath, isWebsiteRefresh, LIST_PATH } from '../rep-paths.ts'
import { SignedInPage } from '../session/signed-in-page.tsx'
import { useSignedInRep } from '../session/signed-in-rep.ts'
import { Alert } from '../ui/alert.tsx'
import { cardClass, pageTitleClass, textLinkClass } from '../ui/field-styles.ts'
import { DeleteProspect } from './delete-dialog.tsx'
import { EMPTY_VALUES, toFormValues } from './form-values.ts'
import { NotYours } from './not-yours.tsx'
import { OwnerField } from './owner-field.tsx'
import { ProspectForm } from './prospect-form.tsx'
import { ProspectPreview } from './prospect-preview.tsx'
import { useProspectForm } from './use-prospect-form.ts'

/** Routes `/_/prospects/new` (`slug` null) and `/_/prospects/:slug/edit`. */
export function ProspectFormPage({ slug }: { slug: string | null }) {
  return (
    <SignedInPage title={slug === null ? 'New prospect' : `Edit ${slug}`}>
      {slug === null ? <Editor detail={null} /> : <EditLoader slug={slug} />}
    </SignedInPage>
  )
}

function EditLoader({ slug }: { slug: string }) {
  const state = useKeyedLoad(slug, getProspect, { failedMessage: UNAVAILABLE_MESSAGE })
  if (state.status === 'done') {
    // Someone else's prospect (an old link, a typed address): say whose, rather than a form that
    // could not be saved.
    if (!state.value.rights.change) return <NotYours detail={state.value} />
    return <Editor detail={state.value} />
  }
  if (state.status === 'error') {
    return (
      <div className="max-w-xl space-y-4">
        <h1 className={pageTitleClass}>Edit {slug}</h1>
        <Alert>{state.message}</Alert>
        <Link href={LIST_PATH} className={textLinkClass}>
          Back to the prospects
        </Link>
      </div>
    )
  }
  return (
    <p role="status" className="text-slate-600 dark:text-slate-400">
      Loading {slug}…
    </p>
  )
}

/** The form beside its live preview (under it on a phone); after saving, the prospect's page. */
function Editor({ detail }: { detail: RepProspectDetail | null }) {
  const original = detail?.fields.slug ?? null
  const templates = useAgentTemplates()
  const [initial] = useState(() => (detail ? toFormValues(detail.fields) : EMPTY_VALUES))
  const templateIds = templates.status === 'done' ? templates.templates.ids : null
  const form = useProspectForm(initial, original, templateIds)
  // "Refresh from website": read once as the form opens, and not again on a reload.
  const [readWebsiteAtOnce] = useState(() => original !== null && isWebsiteRefresh(window.location.search))
  useEffect(() => {
    if (readWebsiteAtOnce && original !== null)
      window.history.replaceState(window.history.state, '', getEditPath(original))
  }, [readWebsiteAtOnce, original])
  // An admin picks the owner (their own new prospects are theirs until they pick another); a rep's
  // new prospect is theirs, and a saved one keeps its owner.
  const rep = useSignedInRep()
  const isAdmin = rep?.role === 'admin'
  const currentOwner = detail?.owner ?? null
  const [ownerId, setOwnerId] = useState<string | null>(() =>
    detail ? (currentOwner?.id ?? null) : (rep?.id ?? null),
  )
  const save = async () => {
    // Sent only when chosen: an unchanged owner is left as it is, even one since disabled.
    const owner = isAdmin && (detail === null || ownerId !== (currentOwner?.id ?? null)) ? ownerId : undefined
    const saved = await form.submit(owner)
    if (saved) goTo(getProspectPath(saved.fields.slug))
  }
  return (
    <>
      <Link href={original === null ? LIST_PATH : getProspectPath(original)} className={textLinkClass}>
        ← {original === null ? 'All prospects' : detail?.fields.company_name}
      </Link>
      <h1 className={`${pageTitleClass} mt-3`}>
        {original === null ? 'New prospect' : `Edit ${detail?.fields.company_name}`}
      </h1>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <div className={`${cardClass} sm:p-6`}>
          <ProspectForm
            form={form}
            original={original}
            initial={initial}
            templates={templates}
            onSubmit={save}
            readWebsiteAtOnce={readWebsiteAtOnce}
            ownerField={
              isAdmin ? <OwnerField value={ownerId} onChange={setOwnerId} current={currentOwner} /> : null
            }
          />
        </div>
        <div className="lg:sticky lg:top-24">
          <ProspectPreview values={form.values} templates={templates} saved={detail?.fields ?? null} />
        </div>
      </div>
      {detail && original !== null && (
        <section aria-labelledby="danger-heading" className={`${cardClass} mt-6 lg:w-1/2`}>
          <h2 id="danger-heading" className="text-lg font-bold tracking-tight">
            Delete this prospect
          </h2>
          <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
            Its page stops greeting {detail.fields.name}.
          </p>
          <DeleteProspect
            slug={original}
            companyName={detail.fields.company_name}
            onDeleted={() => goTo(LIST_PATH, { replace: true })}
          />
        </section>
      )}
    </>
  )
}
