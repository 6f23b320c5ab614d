import type { ComponentType } from 'preact'
import { useLayoutEffect } from 'preact/hooks'
import type { Theme } from '../element/theme.ts'
import type { LazyPart } from '../lib/lazy-part.ts'
import { useStoreState } from '../lib/use-store-state.ts'
import type { PhoneDialogProps } from '../phone/phone-dialog.tsx'
import type { CallChunk, CallStatus, DemoParts, DemoStore } from '../state/demo-state.ts'
import { isOff } from '../state/prospect-slice.ts'
import { ToastSlot } from '../toast/toast-slot.tsx'
import type { CallViewProps } from '../voice/call-view.tsx'
import { MicIcon, StopIcon } from './mic-icon.tsx'
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
} from './panel-classes.ts'
import { BROWSER_CALL_LABEL, PANEL_EYEBROW, PANEL_LEAD, PHONE_CALL_LABEL } from './panel-copy.ts'
import { PanelError } from './panel-error.tsx'
import { PhoneIcon } from './phone-icon.tsx'

const BROWSER_LABEL: Record<CallStatus, string> = {
  idle: BROWSER_CALL_LABEL,
  connecting: 'Connecting...',
  connected: 'Stop Call',
  stopping: 'Stop Call',
}

/** What the live region says about the call, so screen-reader users follow its state. */
const CALL_ANNOUNCEMENT: Record<CallStatus, string> = {
  idle: '',
  connecting: 'Connecting to your AI assistant…',
  connected: 'Call in progress.',
  stopping: 'Ending the call…',
}

/** The call chunks as the panel uses them: the store's entry, and the view shown while the call is live. */
export type PanelCallChunk = CallChunk & { CallView: ComponentType<CallViewProps> }

/** The store's lazy parts as the panel renders them, once each has arrived (element/demo-parts.ts). */
export interface PanelParts extends DemoParts {
  phoneDialog: LazyPart<ComponentType<PhoneDialogProps>>
  call: LazyPart<PanelCallChunk>
}

interface DemoPanelProps {
  store: DemoStore<PanelParts>
  /** The prospect to show. */
  slug: string
  /** Where its API lives: the element's `api-base`, resolved (lib/fetch-api.ts). */
  apiBase: string
  theme?: Theme
  /** The phone dialog's back arrow also shows the prospect's page: only where the host asked. */
  backNavigation?: boolean
}

/**
 * The demo panel: the prospect's agent and the two ways to try it, for `slug` (loaded after the panel
 * has painted, and again when it or `apiBase` changes). While the prospect loads, only its
 * company name is a placeholder: the buttons already work (a click waits for the prospect), so they
 * show as soon as the widget's one script has run. A demo the server cannot run shows as unavailable,
 * with the reason on the status line, rather than as a button that fails after the visitor's input.
 */
export function DemoPanel({ store, slug, apiBase, theme = 'light', backNavigation = false }: DemoPanelProps) {
  const state = useStoreState(store)
  // Before the panel paints (so an answer the page carried shows at once), and again on a change; a
  // request itself waits for a task of its own (state/prospect-slice.ts), no part of the first paint.
  useLayoutEffect(() => store.getState().load(slug, apiBase), [store, slug, apiBase])
  const { prospect, call } = state
  const booking = prospect.status === 'loaded' && prospect.prospect.booking
  const PhoneDialog = store.parts.phoneDialog.get()
  // The call chunk's view (meter, who speaks, time, captions): it is there before the call connects.
  const browserCall = call === 'connected' || call === 'stopping' ? state.browserCall() : null
  const CallView = browserCall && store.parts.call.get()?.CallView
  const voiceOff = isOff(prospect, 'browserCall')
  const phoneOff = isOff(prospect, 'phoneCall')
  // Why a call is off is the server's to say (it knows which settings are missing).
  const status =
    state.notice || (prospect.status === 'loaded' && prospect.unavailableReason) || CALL_ANNOUNCEMENT[call]
  return (
    <section
      data-theme={theme}
      class={PANEL}
      aria-label="AI voice agent demo"
      aria-busy={prospect.status === 'loading'}
    >
      {/* One box in every state, its size known before the answer (panel-classes.ts): nothing moves. */}
      <div class={PANEL_BODY}>
        {prospect.status === 'error' ? (
          <PanelError message={prospect.message} onRetry={state.retry} />
        ) : (
          <>
            <p class={EYEBROW}>{PANEL_EYEBROW}</p>
            {prospect.status === 'loaded' ? (
              // One text node, as a server draws it (element/boot-panel.ts): taking its panel over
              // then changes no node, and the line is shaped as one run, pixel for pixel the same.
              <h2 class={TITLE}>{`Built for ${prospect.prospect.companyName}`}</h2>
            ) : (
              <div aria-hidden="true" class={TITLE_BOX}>
                <div class={TITLE_SKELETON} />
              </div>
            )}
            <p class={LEAD}>{PANEL_LEAD}</p>
            <div class={BUTTON_ROW}>
              <button
                type="button"
                class={PRIMARY_BUTTON}
                disabled={call === 'connecting' || call === 'stopping'}
                aria-disabled={voiceOff || undefined}
                aria-describedby={voiceOff ? PANEL_STATUS_ID : undefined}
                // Intent: fetch the voice SDK while the pointer is on its way, never on first paint.
                onPointerEnter={state.prepareBrowserCall}
                onFocus={state.prepareBrowserCall}
                onClick={call === 'idle' ? state.startCall : state.stopCall}
              >
                {call === 'idle' || call === 'connecting' ? <MicIcon /> : <StopIcon />}
                {BROWSER_LABEL[call]}
              </button>
              {call === 'connected' ? (
                <button
                  type="button"
                  class={SECONDARY_BUTTON}
                  aria-pressed={state.muted}
                  onClick={state.toggleMute}
                >
                  <MicIcon off={!state.muted} />
                  {state.muted ? 'Unmute' : 'Mute'}
                </button>
              ) : (
                <button
                  type="button"
                  class={SECONDARY_BUTTON}
                  aria-haspopup="dialog"
                  aria-disabled={phoneOff || undefined}
                  aria-describedby={phoneOff ? PANEL_STATUS_ID : undefined}
                  onPointerEnter={state.preparePhoneDialog}
                  onFocus={state.preparePhoneDialog}
                  onClick={state.openPhoneDialog}
                >
                  <PhoneIcon />
                  {PHONE_CALL_LABEL}
                </button>
              )}
            </div>
          </>
        )}
        {browserCall && CallView && (
          <CallView live={browserCall.live} attachMeter={browserCall.attachMeter} />
        )}
        {/* Always rendered, so screen readers already watch it when a message arrives. */}
        <p id={PANEL_STATUS_ID} role="status" aria-live="polite" class={CallView ? 'sr-only' : STATUS}>
          {status ||
            // "Book a call with Sam": the rep's (else the team's) scheduler, in a new tab, where the
            // status line has nothing to say. A link in the line's own box, so the panel's height holds
            // and the first paint carries no scheduler code. No `rel`: a new tab is opened without an
            // opener by default (HTML's rule for target=_blank), and every byte here is first paint.
            (booking && (
              <a href={booking.url} target="_blank" class="text-accent" rel="noopener">
                {booking.label}
              </a>
            ))}
        </p>
      </div>
      <ToastSlot owner={store.owner} active={!state.phoneOpen} />
      {PhoneDialog && prospect.status === 'loaded' && (
        <PhoneDialog
          store={store}
          prospect={prospect.prospect}
          apiBase={apiBase}
          open={state.phoneOpen}
          backNavigation={backNavigation}
          onClose={state.closePhoneDialog}
        />
      )}
    </section>
  )
}
