import { createEmbedSnippet } from '#core/embed-snippet.ts'
import type { Prospect } from '#core/prospect.ts'
import { UtilityPage } from '../../components/utility-page.tsx'
import { siteConfig } from '../../config.ts'
import { useDocumentTitle } from '../../lib/use-document-title.ts'
import { CopyBlock } from './copy-block.tsx'
import { cardClass } from './field-styles.ts'
import { LookupStatus } from './lookup-status.tsx'
import { PasteInstructions } from './paste-instructions.tsx'
import { ProspectSearch } from './prospect-search.tsx'
import { SalesKeyForm } from './sales-key-form.tsx'
import { SlugForm } from './slug-form.tsx'
import { SnippetPreview } from './snippet-preview.tsx'
import { useProspectLookup } from './use-prospect-lookup.ts'
import { useSalesKey } from './use-sales-key.ts'
import { useSlugParam } from './use-slug-param.ts'

/**
 * Route `/_/snippets`: for sales reps. Pick a prospect (by slug, or from the list with the
 * operator's key), see their demo live, and copy the snippet and the personalised link.
 */
export function SnippetsPage() {
  useDocumentTitle('Snippets for sales')
  const [slug, pick] = useSlugParam()
  const lookup = useProspectLookup(slug)
  const salesKey = useSalesKey()
  const prospect = lookup.status === 'found' ? lookup.prospect : null

  return (
    <UtilityPage width="max-w-6xl" mainClassName="px-4 pt-8 pb-16 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Snippets for sales</h1>
      <p className="mt-2 max-w-2xl text-slate-600 dark:text-slate-300">
        Pick a prospect, check their demo, then copy the snippet for their website or the link to their
        personal page.
      </p>
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-2">
        <section aria-labelledby="pick-heading" className={`${cardClass} space-y-5 lg:col-start-1`}>
          <h2 id="pick-heading" className="text-lg font-bold tracking-tight">
            Pick a prospect
          </h2>
          <SlugForm key={slug} slug={slug} onPick={pick} />
          <LookupStatus slug={slug} state={lookup} />
          <div className="space-y-5 border-t border-slate-200 pt-5 dark:border-slate-800">
            <SalesKeyForm salesKey={salesKey} />
            {salesKey.key && <ProspectSearch key={salesKey.key} salesKey={salesKey.key} onPick={pick} />}
          </div>
        </section>
        {prospect && (
          <>
            <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-3 lg:row-start-1">
              <SnippetPreview slug={prospect.slug} />
            </div>
            <CopySection prospect={prospect} />
            <div className="lg:col-start-1">
              <PasteInstructions />
            </div>
          </>
        )}
      </div>
    </UtilityPage>
  )
}

/** The two things a rep sends: the snippet for the prospect's site and the link to their page. */
function CopySection({ prospect }: { prospect: Prospect }) {
  const origin = window.location.origin
  const snippet = createEmbedSnippet({
    scriptUrl: `${origin}/widget.mjs`,
    slug: prospect.slug,
    // The API's own origin, when the site is built to call one elsewhere (the edge function).
    apiBase: siteConfig.apiBase || null,
  })
  return (
    <section aria-labelledby="copy-heading" className={`${cardClass} space-y-5 lg:col-start-1`}>
      <h2 id="copy-heading" className="text-lg font-bold tracking-tight">
        Copy for {prospect.companyName}
      </h2>
      <CopyBlock label="Snippet" text={snippet} />
      <CopyBlock label="Link" text={`${origin}/${prospect.slug}`} />
    </section>
  )
}
