import { BUTTON_ROW, EYEBROW, LONE_BUTTON, TITLE } from './panel-classes.ts'
import { PANEL_EYEBROW } from './panel-copy.ts'

interface PanelErrorProps {
  /** Safe to show: it comes from the error catalogue (core/errors.ts) or the widget's own copy. */
  message: string
  onRetry: () => void
}

/** The panel when the prospect could not be loaded: what went wrong and a way to try again. */
export function PanelError({ message, onRetry }: PanelErrorProps) {
  return (
    <div>
      <p class={EYEBROW}>{PANEL_EYEBROW}</p>
      <h2 class={TITLE}>Demo unavailable</h2>
      <p class="mt-1 text-sm text-danger">{message}</p>
      <div class={BUTTON_ROW}>
        <button type="button" class={LONE_BUTTON} onClick={onRetry}>
          Retry
        </button>
      </div>
    </div>
  )
}
