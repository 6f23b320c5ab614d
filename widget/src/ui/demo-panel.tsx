import type { CallStatus, DemoStore } from '../state/demo-store.ts'
import { useStoreState } from '../state/use-store-state.ts'
import { MicIcon } from './mic-icon.tsx'
import {
  BUTTON_ROW,
  EYEBROW,
  LEAD,
  PRIMARY_BUTTON,
  SECONDARY_BUTTON,
  STATUS,
  STATUS_ROW,
  TITLE,
} from './panel-classes.ts'
import { PANEL_EYEBROW, PANEL_LEAD } from './panel-copy.ts'
import { PanelError } from './panel-error.tsx'
import { PanelToast } from './panel-toast.tsx'
import { PhoneIcon } from './phone-icon.tsx'

const BROWSER_LABEL: Record<CallStatus, string> = {
  idle: 'Test in Browser',
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

/**
 * The demo panel: the prospect's agent and the two ways to try it (SPEC §2, prospect demo panel).
 * While the prospect loads, only its company name is a placeholder: the buttons already work (a click
 * waits for the prospect), so they show as soon as the widget's one script has run.
 */
export function DemoPanel({ store, apiBase }: { store: DemoStore; apiBase: string }) {
  const state = useStoreState(store)
  const { prospect, call, phoneDialog: PhoneDialog } = state
  return (
    <section
      class="@container rounded-2xl bg-white p-6 text-slate-900 shadow-lg ring-1 ring-slate-900/5"
      aria-label="AI voice agent demo"
      aria-busy={prospect.status === 'loading'}
    >
      {prospect.status === 'error' ? (
        <PanelError message={prospect.message} onRetry={state.retry} />
      ) : (
        <>
          <p class={EYEBROW}>{PANEL_EYEBROW}</p>
          {prospect.status === 'loaded' ? (
            <h2 class={TITLE}>Built for {prospect.prospect.companyName}</h2>
          ) : (
            <div aria-hidden="true" class="mt-1 h-7 w-2/3 animate-pulse rounded-lg bg-slate-100" />
          )}
          <p class={LEAD}>{PANEL_LEAD}</p>
          <div class={BUTTON_ROW}>
            <button
              type="button"
              class={PRIMARY_BUTTON}
              disabled={call === 'connecting' || call === 'stopping'}
              // Intent: fetch the voice SDK while the pointer is on its way, never on first paint.
              onPointerEnter={state.prepareBrowserCall}
              onFocus={state.prepareBrowserCall}
              onClick={state.toggleBrowserCall}
            >
              <MicIcon />
              {BROWSER_LABEL[call]}
            </button>
            {call === 'connected' ? (
              <button
                type="button"
                class={SECONDARY_BUTTON}
                aria-pressed={state.muted}
                onClick={state.toggleMute}
              >
                {state.muted ? 'Unmute' : 'Mute'}
              </button>
            ) : (
              <button
                type="button"
                class={SECONDARY_BUTTON}
                aria-haspopup="dialog"
                onPointerEnter={state.preparePhoneDialog}
                onFocus={state.preparePhoneDialog}
                onClick={state.openPhoneDialog}
              >
                <PhoneIcon />
                Call Me
              </button>
            )}
          </div>
        </>
      )}
      <div class={STATUS_ROW}>
        {call !== 'idle' && (
          // Handed to the meter once: its worker draws on it (OffscreenCanvas), at twice its CSS size
          // for sharp bars. Decorative: the status line says what happens.
          // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex is not focusable
          <canvas
            ref={state.meterRef}
            width={120}
            height={40}
            class="h-5 w-[60px] shrink-0"
            aria-hidden="true"
          />
        )}
        {/* Always rendered, so screen readers already watch it when a message arrives. */}
        <p role="status" aria-live="polite" class={STATUS}>
          {state.notice || CALL_ANNOUNCEMENT[call]}
        </p>
      </div>
      {/* While the dialog is open it shows the toast itself: the page behind a modal is covered. */}
      {!state.phoneOpen && <PanelToast toast={state.toast} onDismiss={state.dismissToast} />}
      {PhoneDialog && prospect.status === 'loaded' && (
        <PhoneDialog
          store={store}
          prospect={prospect.prospect}
          apiBase={apiBase}
          open={state.phoneOpen}
          onClose={state.closePhoneDialog}
        />
      )}
    </section>
  )
}
