import { useSyncExternalStore } from 'react'
import { createToastStore, type Toast, type ToastOptions } from './toast-store.ts'

/** The site's one toast area reads this store (components/toast-region.tsx). */
export const toastStore = createToastStore()

/**
 * Shows a toast in the site's toast area, replacing any toast on screen. Returns a function that
 * dismisses exactly this toast (a no-op once another has replaced it).
 *
 * @example toast({ title: 'Call Failed', description: error.message, variant: 'destructive' })
 */
export function toast(options: ToastOptions): () => void {
  const id = toastStore.show(options)
  return () => toastStore.dismiss(id)
}

/** The toast on screen, or null. */
export const useCurrentToast = (): Toast | null =>
  useSyncExternalStore(toastStore.subscribe, toastStore.getToast, getNoToast)

/** Prerendered pages show no toast. */
const getNoToast = (): Toast | null => null
