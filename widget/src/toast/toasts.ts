import type { ComponentType } from 'preact'
import { createStore } from 'zustand/vanilla'
import { lazyPart } from '../lib/lazy-part.ts'
import { LOG_PREFIX } from '../lib/log-prefix.ts'

/** A toast's look: `destructive` for failures (red, announced at once). */
export type ToastVariant = 'default' | 'destructive'

/** Where an element's toasts show; `inDialog` inside its open modal dialog. */
export interface ToastRegionProps {
  /** The widget element the region belongs to: it shows only that element's toasts. */
  owner: object
  /** False while another region of the same element shows its toasts (its modal dialog is open). */
  active?: boolean
  inDialog?: boolean
}

type ToastUi = typeof import('./toast-ui.tsx')

/** The toast chunk's region, once loaded: each element's slot renders it. */
export const toastUi = createStore<{ Region: ComponentType<ToastRegionProps> | null }>()(() => ({
  Region: null,
}))

/**
 * The toast chunk (its region, card, swipe and hotkey). Asked on the visitor's intent, with the chunk
 * of what they are about to try, so each element's region is in place, and watched by screen readers,
 * before its first toast; never on first paint.
 */
const toastChunk = lazyPart<ToastUi>(() =>
  import('./toast-ui.tsx').then((ui) => {
    toastUi.setState({ Region: ui.ToastRegion })
    return ui
  }),
)

/** Fetches the toast chunk, once however often it is asked for (a failed fetch is tried again). */
export const loadToasts = (): Promise<ToastUi> => toastChunk.load()

/**
 * Shows the page's one toast in `owner`'s region, replacing any toast on the page, whichever element
 * showed it. Resolves false when the toast chunk could not be fetched: the caller then says it
 * another way.
 */
export function showToast(owner: object, title: string, description: string, variant?: ToastVariant) {
  return loadToasts().then(
    (ui) => {
      ui.showToast(owner, title, description, variant)
      return true
    },
    () => {
      console.warn(`${LOG_PREFIX} ${title}: ${description}`)
      return false
    },
  )
}

/** Removes `owner`'s toast, if it is the one on screen. */
export function dismissToastOf(owner: object): void {
  // Before the chunk has arrived no toast is on screen, and removing an element fetches nothing.
  toastChunk.get()?.dismissToastOf(owner)
}
