import { useState } from 'react'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { RepProspectDetail } from '#core/rep-api.ts'
import { primaryButtonClass, secondaryButtonClass } from '../../../components/button-styles.ts'
import { Link } from '../../../components/link.tsx'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { TimelineSection } from '../activity/timeline-section.tsx'
import { useAgentTemplates } from '../agent/use-agent-templates.ts'
import { getProspect } from '../api/rep-endpoints.ts'
import { getEditPath, getWebsiteRefreshPath, LIST_PATH } from '../rep-paths.ts'
import { SignedInPage } from '../session/signed-in-page.tsx'
import { useSignedInRep } from '../session/signed-in-rep.ts'
import { Alert } from '../ui/alert.tsx'
import { BusinessLogo } from '../ui/business-logo.tsx'
import { pageTitleClass, textLinkClass } from '../ui/field-styles.ts'
import { AuditHistory } from './audit-history.tsx'
import { CopySection } from './copy-section.tsx'
import { OutreachSection } from './outreach-section.tsx'
import { OwnerNotice } from './owner-notice.tsx'
import { PasteInstructions } from './paste-instructions.tsx'
import { ProspectFacts } from './prospect-facts.tsx'
import { TryAgent } from './try-agent.tsx'

/**
 * Route `/_/prospects/:slug`: what a rep sends (the link and the snippet, with where to paste it),
 * the agent to try with its words, and who owns and changed the prospect, when.
 */
export function ProspectDetailPage({ slug }: { slug: string }) {
  return (
    <SignedInPage title={slug}>
      <ProspectDetail slug={slug} />
    </SignedInPage>
  )
}

function ProspectDetail({ slug }: { slug: string }) {
  const state = useKeyedLoad(slug, getProspect, { failedMessage: UNAVAILABLE_MESSAGE })
  return (
    <>
      <Link href={LIST_PATH} className={textLinkClass}>
        ← All prospects
      </Link>
      {state.status === 'loading' && (
        <p role="status" className="mt-4 text-slate-600 dark:text-slate-400">
          Loading {slug}…
        </p>
      )}
      {state.status === 'error' && (
        <div className="mt-4 max-w-xl space-y-4">
          <h1 className={pageTitleClass}>{slug}</h1>
          <Alert>{state.message}</Alert>
        </div>
      )}
      {state.status === 'done' && <Loaded detail={state.value} />}
    </>
  )
}

function Loaded({ detail: loaded }: { detail: RepProspectDetail }) {
  // Taking the prospect over answers it anew: shown at once, Edit with it.
  const [detail, setDetail] = useState(loaded)
  const { fields } = detail
  const templates = useAgentTemplates()
  // Edit only where saving would work: the server answers what this rep may do, by its own rule.
  const { rights } = detail
  const rep = useSignedInRep()
  return (
    <>
      <div className="mt-3 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <div className="flex items-center gap-3">
            {fields.logo && (
              <BusinessLogo
                logo={fields.logo}
                size={48}
                alt={`${fields.company_name} logo`}
                className="size-12"
              />
            )}
            <h1 className={`${pageTitleClass} min-w-0`}>{fields.company_name}</h1>
          </div>
          <p className="mt-1 break-words text-slate-600 dark:text-slate-300">
            {fields.name} · <span className="font-mono text-sm">{fields.slug}</span>
          </p>
          <OwnerNotice detail={detail} onChanged={setDetail} />
        </div>
        <div className="flex flex-wrap gap-2">
          {rights.change && (
            <Link href={getEditPath(fields.slug)} className={`${primaryButtonClass} py-2.5`}>
              Edit
            </Link>
          )}
          {rights.change && fields.website && (
            // To the form, reading the site as it opens: what would change shows beside what is saved.
            <Link href={getWebsiteRefreshPath(fields.slug)} className={`${secondaryButtonClass} py-2.5`}>
              Refresh from website
            </Link>
          )}
          <a
            href={`/${fields.slug}`}
            target="_blank"
            rel="noopener"
            className={`${secondaryButtonClass} py-2.5`}
          >
            Open page<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>
      <div className="mt-6 grid items-start gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-6">
          <OutreachSection fields={fields} isAdmin={rep?.role === 'admin'} />
          <CopySection slug={fields.slug} companyName={fields.company_name} />
          <PasteInstructions slug={fields.slug} />
        </div>
        <div className="min-w-0 space-y-6">
          <TimelineSection slug={fields.slug} />
          <TryAgent detail={detail} />
          <ProspectFacts detail={detail} templates={templates} />
          <AuditHistory history={detail.history} slug={fields.slug} />
        </div>
      </div>
    </>
  )
}
