/**
 * Class lists shared by the panel's states, so the skeleton and the loaded panel keep the same
 * boxes (no layout shift). Buttons stack full width until the panel is 480 px wide.
 *
 * The panel's body, title and status line are sized by widget.css (`.panel-*`), so that its height
 * is known before it renders and a host page can reserve it (docs/embedding.md).
 */
export const PANEL_BODY = 'panel-body'

/** The panel's card. */
export const PANEL = '@container rounded-2xl bg-surface p-6 text-ink shadow-lg ring-1 ring-ink/10'

/** The company name's placeholder while the prospect loads, in the title's box. */
export const TITLE_SKELETON = 'h-7 w-2/3 animate-pulse rounded-lg bg-sunken'

export const BUTTON_ROW = 'mt-5 flex flex-col gap-3 @min-[480px]:flex-row'

const BUTTON =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl px-5 text-base font-semibold ' +
  'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent ' +
  'disabled:cursor-default disabled:opacity-60 aria-disabled:cursor-default aria-disabled:opacity-60'

const PRIMARY =
  'bg-linear-to-r from-indigo-600 to-violet-600 text-white shadow-sm hover:from-indigo-700 hover:to-violet-700'
const SECONDARY = 'bg-surface text-ink shadow-sm ring-1 ring-edge hover:bg-muted'

/** Side by side, the two call buttons share the row equally. */
export const PRIMARY_BUTTON = `${BUTTON} ${PRIMARY} @min-[480px]:flex-1`
export const SECONDARY_BUTTON = `${BUTTON} ${SECONDARY} @min-[480px]:flex-1`
/** A lone button keeps its own width once the panel is wide. */
export const LONE_BUTTON = `${BUTTON} ${SECONDARY} @min-[480px]:w-auto`

export const EYEBROW = 'text-xs font-semibold uppercase tracking-wide text-accent'
/** The title's box, the same for the skeleton and the company's name: two lines, one when wide. */
export const TITLE_BOX = 'panel-title'
export const TITLE = `${TITLE_BOX} text-lg font-semibold text-balance text-ink`
/** The lead under the title; below 528 px the status line takes its place (widget.css). */
export const LEAD = 'panel-lead mt-1 text-sm text-ink-soft'
/** The status line: under the buttons when the panel is wide, in the lead's place when narrow. */
export const STATUS = 'panel-status text-sm text-ink-soft'
/** The status line's id: a button that is off is described by it. */
export const PANEL_STATUS_ID = 'demo-status'
