import { FALLBACK_SLUG, type Prospect } from './prospect.ts'

/**
 * The words of a prospect's page that the site shows and the server also puts in the page's head (the
 * tab title, and what a link preview in mail, LinkedIn or Slack says). The general demo (`visitor`,
 * shown for a missing or unknown link) is written for a visitor whose name and business we do not
 * know: it never greets "there" or pitches to "your business" as if they were names.
 */
export const isGeneralDemo = (prospect: Prospect): boolean => prospect.slug === FALLBACK_SLUG

export interface ProspectPageText {
  /** The tab title and the preview's title. */
  title: string
  /** The preview's description (and the page's meta description). */
  description: string
  /** Under the product name in the page's header. */
  tagline: string
}

export function prospectPageText(prospect: Prospect, productName: string): ProspectPageText {
  if (isGeneralDemo(prospect)) {
    return {
      title: 'Talk to an AI voice agent',
      description: `Try ${productName}'s AI voice agent in your browser, or have it call your phone: it answers every call, qualifies leads and books appointments, around the clock.`,
      tagline: 'A live demo for your business',
    }
  }
  return {
    title: `A voice agent built for ${prospect.companyName}`,
    description: `${prospect.name}, we built an AI voice agent for ${prospect.companyName}. Talk to it in your browser, or have it call your phone.`,
    tagline: `Tailored just for you, ${prospect.name}`,
  }
}
