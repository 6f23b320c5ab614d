import assert from 'node:assert/strict'
import { waitFor } from './engine.ts'
import type { JourneyContext } from './journeys.ts'
import { findButton, waitForPanel, waitForWidget } from './widget-page.ts'

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

const SLUG = 'bright-smile-dental'
const COMPANY = 'Bright Smile Dental'

/**
 * 6. A prospect's page on our own site, which the server sends with the demo panel drawn in its HTML
 * (a declarative shadow root): an engine that has them makes the panel from the template (none is
 * left in the page), one that has not keeps the template inert and gets the widget's own drawing.
 * Either way the widget takes the panel over, and "Call Me" opens its dialog.
 */
export async function prospectPageDrawsThePanel({ session, apiOrigin }: JourneyContext): Promise<void> {
  await session.open(`${apiOrigin}/${SLUG}`)
  const page = await waitFor(
    session,
    "the prospect page's panel, taken over by the widget",
    () => {
      const host = document.querySelector('voice-demo')
      const root = host?.shadowRoot
      // Taken over: defined, its own stylesheet adopted and the page's copy dropped.
      if (!host || !root || !customElements.get('voice-demo') || root.querySelector('style')) return null
      if (root.adoptedStyleSheets.length === 0) return null
      return {
        declarative: Object.hasOwn(HTMLTemplateElement.prototype, 'shadowRootMode'),
        templateLeft: host.querySelector(':scope > template') !== null,
      }
    },
    null,
  )
  assert.equal(
    page.templateLeft,
    !page.declarative,
    'the template is left only where the engine cannot use it',
  )
  await waitForPanel(session, SLUG, COMPANY)
  // The demo section sits below the fold: scrolled to, at once (the site scrolls smoothly).
  await session.run(
    () => document.querySelector('voice-demo')?.scrollIntoView({ block: 'center', behavior: 'instant' }),
    null,
  )
  await waitFor(
    session,
    'the panel in view',
    () => {
      const box = document.querySelector('voice-demo')?.getBoundingClientRect()
      return box && box.top >= 0 && box.bottom <= innerHeight ? true : null
    },
    null,
  )
  await session.click(await findButton(session, SLUG, 'Call Me'))
  await waitForWidget(session, SLUG, 'the "Call Me" dialog', (widget) => widget.dialog?.open === true)
}
