import { createHash } from 'node:crypto'
import type { ProspectResponse } from '#core/prospect.ts'
import { isGeneralDemo, prospectPageText } from '#core/prospect-page-text.ts'

/**
 * Raised whenever the drawing changes (layout, colours, fonts): it is part of every picture's ETag, so
 * an unfurler or CDN that kept an older picture gets the new one when it revalidates.
 */
export const PREVIEW_DRAWING_VERSION = '1'

/** The picture's size: what Open Graph and X's large card show without cropping. */
export const PREVIEW_SIZE = { width: 1200, height: 630 } as const

/** Everything a prospect's picture shows; the same words give the same picture (and ETag). */
export interface PreviewWords {
  productName: string
  /** The line above the company: the page's title before the company's name. */
  lead: string
  /** The company, large; may be empty when its name was only emoji. */
  company: string
  /** The page's greeting of the contact ("Tailored just for you, Ana"); null without a name. */
  greeting: string | null
  /** The stored logo's id (the hash of its bytes, so it is also its version), or null. */
  logo: string | null
  /** The business's colour (`#rrggbb`), or null for the product's own. */
  color: string | null
}

/**
 * Draws a prospect's picture (a 1200×630 PNG), with the logo's bytes when the prospect has one stored.
 * The Node server's is sharp's (draw-preview.ts); the app takes it as a dependency, so the edge
 * function, which cannot load sharp, never imports it.
 */
export type DrawPreviewPicture = (words: PreviewWords, logo: Uint8Array | null) => Promise<Uint8Array>

/**
 * The picture's words for a known prospect, from the same text as their page (so a preview never says
 * other words than the page it opens); null for the general demo and unknown links, which keep the
 * site's generic picture.
 */
export function previewWords(response: ProspectResponse, productName: string): PreviewWords | null {
  const { prospect } = response
  if (response.fallback || isGeneralDemo(prospect)) return null
  const company = forPicture(prospect.companyName)
  const name = forPicture(prospect.name)
  const text = prospectPageText({ ...prospect, companyName: company, name }, productName)
  // The title is "A voice agent built for {company}": the company is drawn large on its own lines.
  const lead =
    company !== '' && text.title.endsWith(company) ? text.title.slice(0, -company.length).trim() : ''
  return {
    productName: forPicture(productName),
    lead: lead || 'A voice agent built for',
    company,
    greeting: name === '' ? null : text.tagline,
    logo: prospect.brand?.logo ?? null,
    color: prospect.brand?.color ?? null,
  }
}

/** The picture's validator: a hash of exactly what is drawn and of the drawing's version. */
export function previewEtag(words: PreviewWords): string {
  const drawn = JSON.stringify([
    PREVIEW_DRAWING_VERSION,
    words.productName,
    words.lead,
    words.company,
    words.greeting,
    words.logo,
    words.color,
  ])
  return `"p${createHash('sha256').update(drawn).digest('hex').slice(0, 32)}"`
}

/**
 * A name as the picture can draw it. Emoji are left out: the server has no colour emoji font, and the
 * text renderer would draw each as an empty box, which reads as broken; the page itself still shows
 * them. Control characters and runs of spaces go too.
 */
export function forPicture(text: string): string {
  return text
    .replace(
      /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|[\u200d\ufe0e\ufe0f\u20e3]/gu,
      '',
    )
    .replace(/\p{Cc}/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}
