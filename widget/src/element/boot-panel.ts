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
  TITLE_BOX,
  TITLE_SKELETON,
} from '../ui/panel-classes.ts'
import { BROWSER_CALL_LABEL, PANEL_EYEBROW, PANEL_LEAD, PHONE_CALL_LABEL } from '../ui/panel-copy.ts'
import type { Theme } from './theme.ts'

const icon = (paths: readonly string[]) =>
  '<svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" ' +
  `stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${paths.map((d) => `<path d="${d}"></path>`).join('')}</svg>`

/**
 * The demo panel while its prospect loads, as markup: exactly what Preact renders for it
 * (ui/demo-panel.tsx; a test holds the two equal), so the boot paints the panel people see, with its
 * real buttons (focusable and named for screen readers), before Preact and the store have arrived;
 * Preact then renders over these nodes and nothing on screen changes. Only the prospect's company
 * name is a placeholder. A line of text between tags would be a node Preact does not render: none.
 */
export const bootPanelMarkup = (theme: Theme): string =>
  `<section data-theme="${theme}" class="${PANEL}" aria-label="AI voice agent demo" aria-busy="true">` +
  `<div class="${PANEL_BODY}"><p class="${EYEBROW}">${PANEL_EYEBROW}</p>` +
  `<div aria-hidden="true" class="${TITLE_BOX}"><div class="${TITLE_SKELETON}"></div></div>` +
  `<p class="${LEAD}">${PANEL_LEAD}</p><div class="${BUTTON_ROW}">` +
  `<button type="button" class="${PRIMARY_BUTTON}">${icon(MIC_PATHS)}${BROWSER_CALL_LABEL}</button>` +
  `<button type="button" class="${SECONDARY_BUTTON}" aria-haspopup="dialog">${icon([PHONE_PATH])}${PHONE_CALL_LABEL}</button>` +
  `</div><p id="${PANEL_STATUS_ID}" role="status" aria-live="polite" class="${STATUS}"></p></div></section>`
