import type { WidgetToast } from '../state/widget-toast.ts'

/**
 * The widget's one toast, inside its shadow root (the host page's toasts are not ours to use).
 * Destructive toasts are alerts; others are polite status messages.
 */
export function PanelToast({ toast, onDismiss }: { toast: WidgetToast | null; onDismiss: () => void }) {
  if (!toast) return null
  const destructive = toast.variant === 'destructive'
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      class={`mt-4 flex items-start gap-3 rounded-xl p-4 text-sm ring-1 ${
        destructive ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-slate-50 text-slate-900 ring-slate-200'
      }`}
    >
      <div class="min-w-0 flex-1">
        <p class="font-semibold">{toast.title}</p>
        <p class="mt-1">{toast.description}</p>
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        class="-m-1 rounded-md p-1 text-current hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        onClick={onDismiss}
      >
        ✕
      </button>
    </div>
  )
}
