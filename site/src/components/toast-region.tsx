import { type FocusEvent, type KeyboardEvent, useEffect, useRef } from 'react'
import { toastStore, useCurrentToast } from '../lib/toast.ts'
import { ToastCard } from './toast-card.tsx'

/** SPEC §9: F8 jumps to the notifications, as in Radix and shadcn/ui. */
export const TOAST_HOTKEY = 'F8'

/**
 * The site's one toast area: top of the screen on phones (clear of the thumb zone and of the video
 * button at the bottom left), bottom right from 640 px. The countdown pauses while the pointer is
 * over the toast or focus is inside the area, so nobody loses a message while reading it.
 */
export function ToastRegion() {
  const toast = useCurrentToast()
  const region = useRef<HTMLElement>(null)

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY) return
      event.preventDefault()
      region.current?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      // Unmounted with focus or the pointer inside: blur and leave never come.
      toastStore.resume('focus')
      toastStore.resume('pointer')
    }
  }, [])

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) toastStore.resume('focus')
  }
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape' && toast) toastStore.dismiss(toast.id)
  }

  return (
    <section
      ref={region}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      tabIndex={-1}
      className="group pointer-events-none fixed inset-x-0 top-0 z-100 flex flex-col p-4 pt-[max(1rem,env(safe-area-inset-top))] outline-none sm:top-auto sm:left-auto sm:bottom-0 sm:w-[26rem] sm:pb-[max(1rem,env(safe-area-inset-bottom))]"
      onFocus={() => toastStore.pause('focus')}
      onBlur={onBlur}
      onKeyDown={onKeyDown}
    >
      {toast && (
        <ToastCard
          key={toast.id}
          toast={toast}
          onDismiss={() => toastStore.dismiss(toast.id)}
          onPointerEnter={() => toastStore.pause('pointer')}
          onPointerLeave={() => toastStore.resume('pointer')}
        />
      )}
    </section>
  )
}
