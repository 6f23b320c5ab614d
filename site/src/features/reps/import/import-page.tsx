import { useState } from 'react'
import { primaryButtonClass, secondaryButtonClass } from '../../../components/button-styles.ts'
import { Link } from '../../../components/link.tsx'
import { LIST_PATH } from '../rep-paths.ts'
import { SignedInPage } from '../session/signed-in-page.tsx'
import { Alert } from '../ui/alert.tsx'
import { cardClass, pageTitleClass, textLinkClass } from '../ui/field-styles.ts'
import { formatCount } from '../ui/format.ts'
import { FileDrop } from './file-drop.tsx'
import { createImportKey } from './import-key.ts'
import { ImportProblems } from './import-problems.tsx'
import { ImportJobProgress, ImportUploadProgress } from './import-progress.tsx'
import { ImportSummary } from './import-summary.tsx'
import { useImport } from './use-import.ts'
import { WebsiteReads } from './website-reads.tsx'

const COLUMNS = 'slug, name, company_name'
const OPTIONAL_COLUMNS =
  'template, city, services, opening_hours, website, booking_link, phone, description, theme_color, first_message, system, assistant_id'

/**
 * Route `/_/prospects/import`: a CSV file in, checked whole by the server, then written in the
 * background, all of it or none, its progress shown (`?job=` in the address follows it).
 */
export function ImportPage() {
  return (
    <SignedInPage title="Import CSV">
      <ImportFlow />
    </SignedInPage>
  )
}

function ImportFlow() {
  const [chosen, setChosen] = useState<{ file: File; key: string } | null>(null)
  const [state, start, reset] = useImport()
  const choose = (file: File) => {
    reset()
    // One key per chosen file: "Try again" sends the same one, so the server never writes it twice.
    setChosen({ file, key: createImportKey() })
  }
  const busy = state.status === 'sending' || state.status === 'running'

  return (
    <div className="max-w-3xl">
      <Link href={LIST_PATH} className={textLinkClass}>
        ← All prospects
      </Link>
      <h1 className={`${pageTitleClass} mt-3`}>Import CSV</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-300">
        One prospect per row, with a header row naming the columns:{' '}
        <span className="font-mono text-sm">{COLUMNS}</span>, and any of{' '}
        <span className="font-mono text-sm">{OPTIONAL_COLUMNS}</span>. An empty template is the general agent;
        a first message or system prompt, when given, replaces the template's. A row whose slug exists updates
        that prospect. If any row has a problem, nothing is imported. Afterwards, the website of each row that
        has one is read to fill in the details the row left empty.
      </p>
      <div className={`${cardClass} mt-6 space-y-5`}>
        <FileDrop onFile={choose} disabled={busy} />
        {chosen && (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="min-w-0 text-sm break-all">
              <span className="font-semibold">{chosen.file.name}</span> · {formatSize(chosen.file.size)}
            </p>
            {state.status === 'done' ? (
              <button
                type="button"
                className={secondaryButtonClass}
                onClick={() => {
                  reset()
                  setChosen(null)
                }}
              >
                Import another file
              </button>
            ) : (
              <button
                type="button"
                className={primaryButtonClass}
                disabled={busy}
                onClick={() => start(chosen.file, chosen.key)}
              >
                {state.status === 'refused' || state.status === 'failed' ? 'Try again' : 'Import'}
              </button>
            )}
          </div>
        )}
        {state.status === 'sending' && <ImportUploadProgress progress={state.progress} />}
        {state.status === 'running' && <ImportJobProgress job={state.job} />}
        {state.status === 'failed' && <Alert>{state.message}</Alert>}
        {state.status === 'refused' && <ImportProblems message={state.message} problems={state.problems} />}
        {state.status === 'done' && (
          <>
            <ImportSummary result={state.result} fileName={chosen?.file.name ?? ''} />
            <WebsiteReads importId={state.jobId} />
          </>
        )}
      </div>
    </div>
  )
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${formatCount(bytes)} bytes`
  if (bytes < 1024 * 1024) return `${formatCount(Math.round(bytes / 1024))} KB`
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`
}
