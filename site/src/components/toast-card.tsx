import type { Toast } from '../lib/toast-store.ts'
import { SWIPE_THRESHOLD_PX, useToastSwipe } from '../lib/toast-swipe.ts'
import { LineIcon } from './line-icon.tsx'

const BASE =
  'pointer-events-auto relative w-full touch-pan-y select-none rounded-xl border p-4 pr-11 shadow-lg ' +
  'shadow-slate-900/10 group-focus-visible:ring-2 group-focus-visible:ring-indigo-500 ' +
  'motion-safe:animate-toast-in'
const VARIANT = {
  default:
    'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
  destructive: 'border-red-700 bg-red-600 text-white dark:border-red-500 dark:bg-red-700',
} as const
const CLOSE =
  'absolute top-2 right-2 flex size-8 items-center justify-center rounded-lg opacity-70 transition-opacity ' +
  'hover:opacity-100 focus-visible:opacity-100 focus-visible:outline-2 focus-visible:outline-current'

interface ToastCardProps {
  toast: Toast
  onDismiss: () => void
  onPointerEnter: () => void
  onPointerLeave: () => void
}

/** One toast: title, optional description, a close button, and swipe right to dismiss. */
export function ToastCard({ toast, onDismiss, onPointerEnter, onPointerLeave }: ToastCardProps) {
  const { offset, handlers } = useToastSwipe(onDismiss)
  const destructive = toast.variant === 'destructive'
  return (
    <div
      // A failure interrupts (alert); anything else waits for a pause in speech (status).
      role={destructive ? 'alert' : 'status'}
      aria-live={destructive ? 'assertive' : 'polite'}
      aria-atomic="true"
      className={`${BASE} ${VARIANT[toast.variant]} ${offset === 0 ? 'motion-safe:transition-transform' : ''}`}
      style={{
        transform: offset ? `translateX(${offset}px)` : undefined,
        opacity: offset ? Math.max(0.3, 1 - offset / (SWIPE_THRESHOLD_PX * 4)) : undefined,
      }}
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      {...handlers}
    >
      <p className="text-sm font-semibold">{toast.title}</p>
      {toast.description && <p className="mt-1 text-sm opacity-90">{toast.description}</p>}
      <button type="button" aria-label="Close notification" className={CLOSE} onClick={onDismiss}>
        <LineIcon className="size-4">
          <path d="M18 6 6 18M6 6l12 12" />
        </LineIcon>
      </button>
    </div>
  )
}
