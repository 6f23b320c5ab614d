/** A widget toast: at most one at a time, shown inside the shadow root. */
export interface WidgetToast {
  title: string
  description: string
  variant: 'default' | 'destructive'
}

/** SPEC §9: toasts stay 5000 ms unless dismissed. */
export const TOAST_DURATION_MS = 5000

/**
 * A store's toast actions: a new toast replaces the current one, and each goes after 5000 ms unless
 * dismissed first. Dismissing also cancels the pending timer, so a disposed store leaves none behind.
 */
export function createToastActions(set: (partial: { toast: WidgetToast | null }) => void) {
  let timer: ReturnType<typeof setTimeout> | undefined
  return {
    showToast(title: string, description: string, variant: WidgetToast['variant'] = 'default'): void {
      clearTimeout(timer)
      set({ toast: { title, description, variant } })
      timer = setTimeout(() => set({ toast: null }), TOAST_DURATION_MS)
    },
    dismissToast(): void {
      clearTimeout(timer)
      set({ toast: null })
    },
  }
}
