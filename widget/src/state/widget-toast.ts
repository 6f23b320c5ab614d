/** A widget toast: at most one at a time, shown inside the shadow root. */
export interface WidgetToast {
  title: string
  description: string
  variant: 'default' | 'destructive'
}

/** SPEC §9: toasts stay 5000 ms unless dismissed. */
export const TOAST_DURATION_MS = 5000
