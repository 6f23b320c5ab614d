import { after, before, describe, it } from 'node:test'
import type { EngineSession } from './engine.ts'
import {
  browserCallConnectsAndEnds,
  darkThemeColours,
  type JourneyContext,
  partnerPageShowsStyledPanel,
  phoneDialogRefusesAndLeavesPanelUnchanged,
} from './journeys.ts'
import { type PartnerSite, startPartnerSite } from './partner-site.ts'
import { landingPageShowsEveryPart, prospectPageDrawsThePanel } from './site-journeys.ts'

/** Deadlines for a busy 2-core machine (the Playwright suite may run beside), never for an idle one. */
const JOURNEY_TIMEOUT_MS = 120_000
const LAUNCH_TIMEOUT_MS = 120_000

/**
 * The journeys in one engine, one after another in one browser (each on a fresh page), against the
 * product `run.ts` started (`ENGINES_API_URL`), from a partner's site of this process's own.
 */
export function describeEngine(name: string, launch: () => Promise<EngineSession>): void {
  describe(name, () => {
    let context: JourneyContext | undefined
    let partner: PartnerSite | undefined
    const journey = (run: (context: JourneyContext) => Promise<void>) => async () => {
      if (!context) throw new Error(`${name} did not start`)
      await run(context)
    }

    before(
      async () => {
        const apiOrigin = process.env.ENGINES_API_URL
        if (!apiOrigin)
          throw new Error('ENGINES_API_URL is not set: run the journeys with `npm run test:engines`')
        partner = await startPartnerSite(apiOrigin)
        const session = await launch()
        console.log(`# ${name} ${session.version}`)
        context = { session, partner, apiOrigin }
      },
      { timeout: LAUNCH_TIMEOUT_MS },
    )
    after(async () => {
      try {
        await context?.session.close()
      } finally {
        await partner?.close()
      }
    })

    const options = { timeout: JOURNEY_TIMEOUT_MS }
    it(
      'a partner page of another site loads the widget, styled, in its documented box',
      options,
      journey(partnerPageShowsStyledPanel),
    )
    it(
      '"Call Me" refuses a bad number in the dialog; closed, the panel is pixel for pixel as before',
      options,
      journey(phoneDialogRefusesAndLeavesPanelUnchanged),
    )
    it('a browser call against the fakes connects and ends', options, journey(browserCallConnectsAndEnds))
    it('theme="dark" draws the dark colours', options, journey(darkThemeColours))
    it('the landing page shows every part below its hero', options, journey(landingPageShowsEveryPart))
    it(
      "a prospect's page comes with its panel drawn, and the widget takes it over",
      options,
      journey(prospectPageDrawsThePanel),
    )
  })
}
