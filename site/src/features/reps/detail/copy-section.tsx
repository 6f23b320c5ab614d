import { createEmbedSnippet } from '#core/embed-snippet.ts'
import { siteConfig } from '../../../config.ts'
import { cardClass } from '../ui/field-styles.ts'
import { CopyBlock } from './copy-block.tsx'

/** The two things a rep sends: the snippet for the prospect's site and the link to their page. */
export function CopySection({ slug, companyName }: { slug: string; companyName: string }) {
  const origin = window.location.origin
  const snippet = createEmbedSnippet({
    scriptUrl: `${origin}/widget.mjs`,
    slug,
    // The API's own origin, when the site is built to call one elsewhere (the edge function).
    apiBase: siteConfig.apiBase || null,
  })
  return (
    <section aria-labelledby="copy-heading" className={`${cardClass} space-y-5`}>
      <h2 id="copy-heading" className="text-lg font-bold tracking-tight break-words">
        Send to {companyName}
      </h2>
      <CopyBlock label="Link" text={`${origin}/${slug}`} />
      <CopyBlock label="Snippet" text={snippet} />
    </section>
  )
}
