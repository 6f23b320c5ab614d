import { useLayoutEffect, useRef, useState } from 'preact/hooks'
import { useStoreState } from '../lib/use-store-state.ts'
import { createSheetAdopter } from '../styles/adopt-sheet.ts'
import { LineIcon } from '../ui/line-icon.tsx'
import {
  dismissToast,
  pageToast,
  pauseToast,
  resumeToast,
  SWIPE_DISMISS_PX,
  TOAST_HOTKEY,
  type WidgetToast,
} from './page-toast.ts'
import css from './toast.css?inline'
import type { ToastRegionProps } from './toasts.ts'

const adoptToastSheet = createSheetAdopter(css)

/**
 * Where an element's toast shows. Rendered from the moment the toast chunk arrives, so screen readers
 * already watch its live region when a toast comes. Outside dialogs it is a manual popover where the
 * browser has them: the top layer keeps it on the viewport even inside a host page's transformed or
 * clipped containers. Inside a modal dialog it is part of the dialog (the page behind is inert).
 */
export function ToastRegion({ owner, active = true, inDialog = false }: ToastRegionProps) {
  const { toast } = useStoreState(pageToast)
  const region = useRef<HTMLElement>(null)
  const shown = active && toast?.owner === owner ? toast : null

  useLayoutEffect(() => {
    const element = region.current
    if (!element) return
    adoptToastSheet(element.getRootNode() as ShadowRoot | Document)
    if (!inDialog && element.showPopover && !element.matches(':popover-open')) element.showPopover()
  }, [inDialog])
  useLayoutEffect(() => {
    if (!shown) return
    // The hotkey moves the focus to the toast, wherever the focus is on the page.
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return
      event.preventDefault()
      region.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      resumeToast('pointer')
      resumeToast('focus')
    }
  }, [shown])

  return (
    <section
      ref={region}
      popover={inDialog ? undefined : 'manual'}
      aria-label={shown ? `Notifications (${TOAST_HOTKEY})` : undefined}
      tabIndex={-1}
      class="toast-region"
      onFocusIn={() => pauseToast('focus')}
      onFocusOut={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resumeToast('focus')
      }}
    >
      {/* Two live regions, both always there: failures are alerts, the rest polite status messages. */}
      <div role="status">{shown?.variant === 'default' && <ToastCard key={shown.id} toast={shown} />}</div>
      <div role="alert">{shown?.variant === 'destructive' && <ToastCard key={shown.id} toast={shown} />}</div>
    </section>
  )
}

/** The toast: title, text and a close button; the pointer pauses it, a swipe right dismisses it. */
function ToastCard({ toast }: { toast: WidgetToast }) {
  const [offset, setOffset] = useState(0)
  const from = useRef<number | null>(null)
  const reset = () => {
    from.current = null
    setOffset(0)
  }
  return (
    <div
      class={`pointer-events-auto flex touch-pan-y items-start gap-3 rounded-xl p-4 text-sm shadow-lg ring-1 ${
        toast.variant === 'destructive'
          ? 'bg-danger-soft text-danger-ink ring-danger-line'
          : 'bg-surface text-ink ring-line'
      }`}
      style={
        offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0, 1 - offset / 200) } : undefined
      }
      onPointerEnter={() => pauseToast('pointer')}
      onPointerLeave={() => resumeToast('pointer')}
      onPointerDown={(event) => {
        if ((event.target as Element).closest('button')) return
        from.current = event.clientX
        event.currentTarget.setPointerCapture(event.pointerId)
      }}
      onPointerMove={(event) => from.current !== null && setOffset(Math.max(0, event.clientX - from.current))}
      onPointerUp={() => {
        if (offset >= SWIPE_DISMISS_PX) dismissToast(toast.id)
        reset()
      }}
      onPointerCancel={reset}
    >
      <div class="min-w-0 flex-1">
        <p class="font-semibold">{toast.title}</p>
        <p class="mt-1">{toast.description}</p>
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        class="-m-1 rounded-md p-1 hover:bg-ink/10 focus-visible:outline-2 focus-visible:outline-accent"
        onClick={() => dismissToast(toast.id)}
      >
        <LineIcon size={16}>
          <path d="M18 6 6 18M6 6l12 12" />
        </LineIcon>
      </button>
    </div>
  )
}
