import type { DemoFeatures } from '#core/public-config.ts'
import { MIC_PATHS, PHONE_PATH } from '../ui/icon-paths.ts'
import {
  BUTTON_ROW,
  EYEBROW,
  LEAD,
  PANEL,
  PANEL_BODY,
  PANEL_STATUS_ID,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  STATUS,
  TITLE,
  TITLE_BOX,
  TITLE_SKELETON,
} from '../ui/panel-classes.ts'
import { BROWSER_CALL_LABEL, PANEL_EYEBROW, PANEL_LEAD, PHONE_CALL_LABEL } from '../ui/panel-copy.ts'
import type { Theme } from './theme-name.ts'

const icon = (paths: readonly string[]) =>
  '<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths.map((d) => `<path d="${d}"></path>`).join('')}</svg>`

/**
 * What a page that already knows its prospect shows in the panel: the prospect's own words (the
 * company's name, why a call is off) and which calls work. Nothing else of the answer is drawn.
 */
export interface PanelProspect {
  companyName: string
  features: Pick<DemoFeatures, 'browserCall' | 'phoneCall'>
  /** Why the calls that are off are off, for the prospect; empty when both work. */
  unavailableReason: string
}

/** Text between tags, escaped as the HTML serializer does: a prospect's name is data, never markup. */
const text = (value: string): string =>
  value.replace(/[&<>\u00a0]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;' })[c] ?? '&nbsp;')

/** A button that is off says so and points at the status line, which says why. */
const off = (isOff: boolean) => (isOff ? ` aria-disabled="true" aria-describedby="${PANEL_STATUS_ID}"` : '')

/** The panel's markup in a state: everything that differs between the loading and the loaded panel. */
const panelMarkup = (
  theme: Theme,
  loading: boolean,
  title: string,
  browserOff: boolean,
  phoneOff: boolean,
  status: string,
): string =>
  `<section data-theme="${theme}" class="${PANEL}" aria-label="AI voice agent demo" aria-busy="${loading}">` +
  `<div class="${PANEL_BODY}"><p class="${EYEBROW}">${PANEL_EYEBROW}</p>${title}` +
  `<p class="${LEAD}">${PANEL_LEAD}</p><div class="${BUTTON_ROW}">` +
  `<button type="button" class="${PRIMARY_BUTTON}"${off(browserOff)}>${icon(MIC_PATHS)}${BROWSER_CALL_LABEL}</button>` +
  `<button type="button" class="${SECONDARY_BUTTON}" aria-haspopup="dialog"${off(phoneOff)}>${icon([PHONE_PATH])}${PHONE_CALL_LABEL}</button>` +
  `</div><p id="${PANEL_STATUS_ID}" role="status" aria-live="polite" class="${STATUS}">${status}</p></div></section>`

/**
 * The demo panel while its prospect loads, as markup: exactly what Preact renders for it
 * (ui/demo-panel.tsx; a test holds the two equal), so the boot paints the panel people see, with its
 * real buttons (focusable and named for screen readers), before Preact and the store have arrived;
 * Preact then renders over these nodes and nothing on screen changes. Only the prospect's company
 * name is a placeholder. A line of text between tags would be a node Preact does not render: none.
 */
export const bootPanelMarkup = (theme: Theme): string =>
  panelMarkup(
    theme,
    true,
    `<div aria-hidden="true" class="${TITLE_BOX}"><div class="${TITLE_SKELETON}"></div></div>`,
    false,
    false,
    '',
  )

/**
 * The panel as loaded for `prospect`, as markup: what Preact renders once the answer a page carried
 * is in (a test holds the two equal). A server that renders the page draws it
 * (declarative-panel.ts); the boot does not need it, so it is no byte of widget.mjs.
 */
export const loadedPanelMarkup = (theme: Theme, prospect: PanelProspect): string =>
  panelMarkup(
    theme,
    false,
    `<h2 class="${TITLE}">Built for ${text(prospect.companyName)}</h2>`,
    !prospect.features.browserCall,
    !prospect.features.phoneCall,
    text(prospect.unavailableReason),
  )
