import assert from 'node:assert/strict'
import { waitFor } from './engine.ts'
import type { JourneyContext } from './journeys.ts'

/** The parts of the landing page below its hero: laid out once the hero has painted. */
const BELOW_HERO = ['#features', '#demo', '#testimonials', '#contact', 'footer']

/**
 * 5. The product's own landing page: the hero paints first and the parts below it are held back until
 * then (site/public/theme-init.js); in every engine they all show, and the page holds no held-back part.
 */
export async function landingPageShowsEveryPart({ session, apiOrigin }: JourneyContext): Promise<void> {
  await session.open(`${apiOrigin}/`)
  const shown = await waitFor(
    session,
    'every part of the landing page laid out',
    (selectors: string[]) => {
      if (document.documentElement.classList.contains('hero-first')) return null
      const heights = selectors.map(
        (selector) => document.querySelector(selector)?.getBoundingClientRect().height ?? 0,
      )
      return heights.every((height) => height > 0) ? { heights } : null
    },
    BELOW_HERO,
  )
  assert.equal(shown.heights.length, BELOW_HERO.length)
  const heading = await session.run(
    () => document.querySelector('h1')?.getBoundingClientRect().top ?? -1,
    null,
  )
  assert.ok(heading >= 0, 'the hero heading is on the first screen')
}
