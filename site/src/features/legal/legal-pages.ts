/**
 * The legal pages' titles and descriptions: the page shows the title, and the build writes both into
 * the page's head (scripts/prerender-site.ts), so a search result or a shared link reads them before
 * any script runs.
 */
export const LEGAL_PAGES = {
  privacy: {
    title: 'Privacy',
    description: (product: string) =>
      `What ${product} keeps when you try its voice demo, for how long, who else sees it, and how to have it deleted.`,
  },
  terms: {
    title: 'Terms',
    description: (product: string) =>
      `The few rules of using the ${product} voice demos: a demonstration, not a service, and fair use of calls.`,
  },
} as const
