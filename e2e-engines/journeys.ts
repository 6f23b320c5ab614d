import assert from 'node:assert/strict'
import { readVapiRequests } from '../e2e/fakes/voice-platform.ts'
import type { EngineSession } from './engine.ts'
import { waitFor } from './engine.ts'
import { readPanelStyles, THEME_COLORS, WHITE } from './panel-styles.ts'
import type { PartnerSite, Theme } from './partner-site.ts'
import { expectUnchanged, settledScreenshot } from './pixels.ts'
import {
  findButton,
  findHost,
  findPhoneField,
  isReady,
  type WidgetSnapshot,
  waitForPanel,
  waitForWidget,
} from './widget-page.ts'

/**
 * The widget's key journeys, the same in every engine, on a partner's page of another site
 * (partner-site.ts). Each opens the page afresh. The Playwright suite runs them in Chromium
 * (e2e/widget.spec.ts, e2e/phone-call.spec.ts, e2e/visual/, e2e/voice-call.spec.ts).
 */

export interface JourneyContext {
  session: EngineSession
  partner: PartnerSite
  /** The product's origin, which serves the widget and its API. */
  apiOrigin: string
}

const SLUG = 'bright-smile-dental'
const COMPANY = 'Bright Smile Dental'

async function openPanel(
  { session, partner }: JourneyContext,
  options: { theme?: Theme; width?: number; line?: boolean } = {},
) {
  await session.open(partner.pageUrl({ slug: SLUG, ...options }))
  return waitForPanel(session, SLUG, COMPANY)
}

const expectNoPageErrors = (widget: WidgetSnapshot) =>
  assert.deepEqual(widget.pageErrors, [], 'uncaught errors or rejections in the partner page')

/** 1. The snippet on a partner's page of another site loads the widget, and the panel is styled. */
export async function partnerPageShowsStyledPanel(context: JourneyContext): Promise<void> {
  const { session, apiOrigin } = context
  const colors = THEME_COLORS.light
  for (const { width, height, row, line } of [
    // The panel's boxes on a page without the snippet's first line (docs/embedding.md): 220 px high
    // from 528 px wide, else 348 px, the height such pages have always had.
    { width: 544, height: 220, row: true, line: false },
    { width: 360, height: 348, row: false, line: false },
    // With it, the narrow panel is as tall as what it shows: only its padding under the buttons.
    { width: 360, height: 296, row: false, line: true },
    { width: 480, height: 276, row: false, line: true },
  ]) {
    await openPanel(context, { width, line })
    const styles = await waitFor(session, 'the panel and its fonts', readPanelStyles, { slug: SLUG })
    assert.notEqual(styles.pageOrigin, apiOrigin)
    assert.equal(styles.scriptOrigin, apiOrigin)
    // The buttons are in the shadow root, styled by the stylesheet it adopted.
    assert.equal(styles.buttonsInPage, 0)
    assert.ok(styles.adoptedSheets > 0, 'the shadow root adopted no stylesheet')
    assert.ok(styles.fontsLoaded, 'Inter did not load')
    assert.deepEqual(styles.section, {
      'background-color': colors.surface,
      'border-top-left-radius': '16px',
      color: colors.ink,
      'color-scheme': colors.scheme,
    })
    assert.match(styles.heading['font-family'] ?? '', /^Inter\b/)
    assert.equal(styles.heading['font-weight'], '600')
    assert.equal(styles.heading.color, colors.ink)
    assert.deepEqual(styles.eyebrow, { color: colors.accent, 'text-transform': 'uppercase' })
    assert.equal(styles.lead.color, colors.inkSoft)
    assert.match(styles.primary['background-image'] ?? '', /^linear-gradient\(/)
    assert.deepEqual(
      { ...styles.primary, 'background-image': 'a gradient' },
      {
        'background-image': 'a gradient',
        color: WHITE,
        'border-top-left-radius': '12px',
        cursor: 'pointer',
        height: '48px',
      },
    )
    assert.deepEqual(styles.secondary, {
      'background-color': colors.surface,
      color: colors.ink,
      'border-top-left-radius': '12px',
    })
    assert.deepEqual(styles.box, { width, height }, `the panel's box in a ${width} px slot`)
    if (line) assert.equal(styles.underButtons, 24, `the space under the buttons at ${width} px`)
    const [first = 0, second = 0] = styles.buttonTops
    assert.equal(first === second, row, `the buttons ${row ? 'side by side' : 'stacked'} at ${width} px`)
  }
  expectNoPageErrors(await waitForPanel(session, SLUG, COMPANY))
}

/**
 * 2. "Call Me" opens the modal phone dialog, which refuses a bad number with the visible reason; the
 * back arrow closes it, focus returns to "Call Me", and the panel is pixel for pixel what it was.
 */
export async function phoneDialogRefusesAndLeavesPanelUnchanged(context: JourneyContext): Promise<void> {
  const { session } = context
  await openPanel(context)
  const host = await findHost(session, SLUG)
  await session.parkPointer()
  const before = await settledScreenshot(session, host)

  await session.click(await findButton(session, SLUG, 'Call Me'))
  await waitForWidget(
    session,
    SLUG,
    'the phone dialog',
    ({ dialog }) =>
      dialog?.open === true &&
      dialog.modal &&
      dialog.title === 'Get a Call from Our AI Assistant' &&
      isReady(dialog.buttons, 'Back'),
  )
  await session.type(await findPhoneField(session, SLUG), '12 34')
  await session.click(await findButton(session, SLUG, 'Call Me', true))
  const refused = await waitForWidget(session, SLUG, 'the refusal', ({ dialog }) =>
    Boolean(dialog?.alerts.some((text) => text.includes('Invalid Phone Number'))),
  )
  assert.equal(refused.dialog?.problem, 'Please enter a valid phone number')
  assert.equal(refused.dialog?.invalid, true)
  assert.ok(refused.dialog?.alerts.some((text) => text.includes('Please enter a valid phone number')))

  await session.click(await findButton(session, SLUG, 'Back', true))
  const closed = await waitForWidget(
    session,
    SLUG,
    'the dialog to close',
    ({ dialog }) => dialog?.open === false,
  )
  assert.equal(closed.focused, 'Call Me', 'focus returns to the button that opened the dialog')
  // What is compared is the panel's own look, not where focus is: WebKit rings the button focus comes
  // back to, since the number field it leaves showed the keyboard's ring (Firefox does not), which is
  // the browsers' focus rule at work; so focus is let go first, as a visitor clicking the page does.
  await session.run(
    ({ slug }) => {
      const focused = document.querySelector(`voice-demo[slug="${slug}"]`)?.shadowRoot?.activeElement
      if (focused instanceof HTMLElement) focused.blur()
    },
    { slug: SLUG },
  )
  await expectUnchanged(session, host, before, 'the panel as it was before the dialog')
  expectNoPageErrors(closed)
}

/** The page's Daily calls, as the fake call machine recorded them (e2e/fakes/daily-call-machine.js). */
const readFakeCalls = () =>
  (
    window as unknown as {
      __fakeDaily?: { snapshot(): { url: string | null; state: string; micEnabled: boolean | null }[] }
    }
  ).__fakeDaily?.snapshot() ?? []

/**
 * 3. "Test in Browser" runs a whole call with the real widget, Vapi SDK and daily-js against the fakes:
 * connecting while the call machine is on its way, connected with the visitor's (fake) microphone
 * and the assistant playing, then Stop Call ends it and leaves no `<audio>` behind.
 */
export async function browserCallConnectsAndEnds(context: JourneyContext): Promise<void> {
  const { session, partner } = context
  const release = partner.holdCallMachine()
  try {
    await openPanel(context)
    await session.click(await findButton(session, SLUG, 'Test in Browser'))
    await waitForWidget(session, SLUG, 'the call connecting', ({ buttons }) =>
      buttons.some((button) => button.name === 'Connecting...' && button.disabled),
    )
  } finally {
    release()
  }
  const connected = await waitForWidget(
    session,
    SLUG,
    'the call connected',
    ({ buttons, statuses, audio, meter }) =>
      isReady(buttons, 'Stop Call') &&
      statuses.some((text) => text.includes('Voice Assistant Connected')) &&
      audio === 1 &&
      meter !== null,
  )
  assert.ok(connected.statuses.some((text) => text.includes('You can now speak with your AI assistant')))
  // The level meter draws in its blob: worker, as in Chromium.
  assert.equal(connected.meter, 'worker')
  const player = await waitFor(
    session,
    'the assistant playing',
    () => {
      const audio = document.querySelector('audio')
      const track = (audio?.srcObject as MediaStream | null)?.getAudioTracks()[0]
      return audio && !audio.paused && track?.readyState === 'live' ? { paused: audio.paused } : null
    },
    null,
  )
  assert.equal(player.paused, false)
  const [call] = await session.run(readFakeCalls, null)
  assert.equal(call?.state, 'joined')
  assert.equal(call?.micEnabled, true, "the visitor's microphone (faked by the engine) was opened")
  // The room the page joined is the one the fake Vapi API created for this call.
  const created = (await readVapiRequests()).filter(
    (request) => (request.answer?.body as { webCallUrl?: string } | undefined)?.webCallUrl === call?.url,
  )
  assert.equal(created.length, 1)

  await session.click(await findButton(session, SLUG, 'Stop Call'))
  const ended = await waitForWidget(
    session,
    SLUG,
    'the call ended',
    ({ buttons, statuses, audio }) =>
      isReady(buttons, 'Test in Browser') &&
      statuses.some((text) => text.includes('Voice Assistant Disconnected')) &&
      audio === 0,
  )
  assert.ok(ended.statuses.some((text) => text.includes('Voice conversation has ended')))
  assert.deepEqual(
    (await session.run(readFakeCalls, null)).map(({ state }) => state),
    ['left'],
  )
  expectNoPageErrors(ended)
}

/** 4. `theme="dark"`: the dark role colours inside the shadow root, whatever the page's scheme. */
export async function darkThemeColours(context: JourneyContext): Promise<void> {
  const { session } = context
  const colors = THEME_COLORS.dark
  const widget = await openPanel(context, { theme: 'dark' })
  const styles = await waitFor(session, 'the panel and its fonts', readPanelStyles, { slug: SLUG })
  assert.deepEqual(styles.section, {
    'background-color': colors.surface,
    'border-top-left-radius': '16px',
    color: colors.ink,
    'color-scheme': colors.scheme,
  })
  assert.equal(styles.heading.color, colors.ink)
  assert.equal(styles.eyebrow.color, colors.accent)
  assert.equal(styles.lead.color, colors.inkSoft)
  assert.deepEqual(styles.secondary, {
    'background-color': colors.surface,
    color: colors.ink,
    'border-top-left-radius': '12px',
  })
  // The brand gradient and its white text are the same in both themes.
  assert.match(styles.primary['background-image'] ?? '', /^linear-gradient\(/)
  assert.equal(styles.primary.color, WHITE)
  expectNoPageErrors(widget)
}
