import { createStore } from 'zustand/vanilla'
import type { ToastVariant } from './toasts.ts'

/** A toast: a short message about something the visitor did, shown at most one at a time per page. */
export interface WidgetToast {
  id: number
  title: string
  description: string
  variant: ToastVariant
  /** The widget element whose region shows it: the one the visitor was using. */
  owner: object
}

/** Toasts stay this long unless the visitor points at or focuses them, or dismisses them sooner. */
export const TOAST_DURATION_MS = 5000
/** A swipe to the right this far dismisses the toast, as on phones' own notifications. */
export const SWIPE_DISMISS_PX = 50
/** The key that moves the focus to the toast, so a keyboard user can reach its close button. */
export const TOAST_HOTKEY = 'F8'

interface PageToastState {
  toast: WidgetToast | null
}

/**
 * The page's one toast, shared by every widget element on the page (they all run this one module): a
 * new toast replaces the one on screen, whichever element showed it, so two never overlap. The
 * countdown pauses while the visitor points at or focuses the toast, so nobody loses a message while
 * reading it.
 */
export const pageToast = createStore<PageToastState>()(() => ({ toast: null }))

let nextId = 1
let timer: ReturnType<typeof setTimeout> | undefined
let remaining = 0
let startedAt = 0
const pausedBy = new Set<string>()

function runTimer(): void {
  clearTimeout(timer)
  const { toast } = pageToast.getState()
  if (!toast || pausedBy.size > 0) return
  startedAt = Date.now()
  timer = setTimeout(() => dismissToast(toast.id), remaining)
}

/** Shows a toast in `owner`'s region, replacing any toast on the page. */
export function showToast(
  owner: object,
  title: string,
  description: string,
  variant: ToastVariant = 'default',
): void {
  remaining = TOAST_DURATION_MS
  pageToast.setState({ toast: { id: nextId++, title, description, variant, owner } })
  runTimer()
}

/** Removes the toast with `id`, or the one on screen; a stale id does nothing. */
export function dismissToast(id?: number): void {
  const { toast } = pageToast.getState()
  if (!toast || (id !== undefined && id !== toast.id)) return
  clearTimeout(timer)
  pausedBy.clear()
  pageToast.setState({ toast: null })
}

/** Removes `owner`'s toast, if it is the one on screen (its element went away, or its call ended). */
export function dismissToastOf(owner: object): void {
  const { toast } = pageToast.getState()
  if (toast?.owner === owner) dismissToast(toast.id)
}

/** Stops the countdown while the visitor reads; `resumeToast` with the same reason continues it. */
export function pauseToast(reason: string): void {
  if (pausedBy.size === 0 && pageToast.getState().toast) remaining -= Date.now() - startedAt
  pausedBy.add(reason)
  clearTimeout(timer)
}

export function resumeToast(reason: string): void {
  if (pausedBy.delete(reason) && pausedBy.size === 0) runTimer()
}
