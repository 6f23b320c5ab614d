/** SPEC §9: a toast stays 5000 ms unless the visitor hovers or focuses it. */
export const TOAST_DURATION_MS = 5000

export type ToastVariant = 'default' | 'destructive'

export interface ToastOptions {
  title: string
  description?: string | undefined
  /** `destructive` for failures: red, and announced at once (role alert). */
  variant?: ToastVariant | undefined
  /** Milliseconds before it closes itself; `Infinity` keeps it until dismissed. */
  duration?: number | undefined
}

export interface Toast {
  id: number
  title: string
  description: string | undefined
  variant: ToastVariant
  duration: number
}

export interface ToastStore {
  /** The toast on screen; there is at most one (SPEC §4). */
  getToast(): Toast | null
  /** Shows a toast, replacing the one on screen, and returns its id. */
  show(options: ToastOptions): number
  /** Removes the toast with `id` (or whichever is shown); a stale id does nothing. */
  dismiss(id?: number): void
  /**
   * Stops the countdown while the visitor reads; `resume` with the same reason continues it. Reasons
   * (pointer over it, focus inside) are counted apart, so leaving with the mouse while the keyboard
   * focus stays inside keeps it paused.
   */
  pause(reason?: string): void
  resume(reason?: string): void
  subscribe(listener: () => void): () => void
}

export function createToastStore(): ToastStore {
  const listeners = new Set<() => void>()
  let toast: Toast | null = null
  let nextId = 1
  const pausedBy = new Set<string>()
  let timer: ReturnType<typeof setTimeout> | undefined
  let remaining = 0
  let startedAt = 0

  const emit = () => {
    for (const listener of listeners) listener()
  }
  const stopTimer = () => {
    clearTimeout(timer)
    timer = undefined
  }
  const startTimer = () => {
    stopTimer()
    if (!toast || pausedBy.size > 0 || !Number.isFinite(remaining)) return
    startedAt = Date.now()
    const id = toast.id
    timer = setTimeout(() => store.dismiss(id), Math.max(0, remaining))
  }

  const store: ToastStore = {
    getToast: () => toast,
    show(options) {
      toast = {
        id: nextId++,
        title: options.title,
        description: options.description,
        variant: options.variant ?? 'default',
        duration: options.duration ?? TOAST_DURATION_MS,
      }
      remaining = toast.duration
      startTimer()
      emit()
      return toast.id
    },
    dismiss(id) {
      if (!toast || (id !== undefined && id !== toast.id)) return
      stopTimer()
      toast = null
      emit()
    },
    pause(reason = 'api') {
      pausedBy.add(reason)
      if (timer !== undefined) remaining -= Date.now() - startedAt
      stopTimer()
    },
    resume(reason = 'api') {
      if (!pausedBy.delete(reason) || pausedBy.size > 0) return
      startTimer()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return store
}
