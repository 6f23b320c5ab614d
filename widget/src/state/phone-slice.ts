import { loadToasts } from '../toast/toasts.ts'
import { START_ERROR_TEXT } from '../voice/start-error-text.ts'
import type { DemoSlice } from './demo-store.ts'
import { NETWORK_ERROR_MESSAGE } from './fetch-api.ts'
import { isOff } from './prospect-slice.ts'

export interface PhoneSlice {
  phoneOpen: boolean
  /** Starts fetching the phone dialog's chunk (pointer over or focus on 'Call Me'). */
  preparePhoneDialog(): void
  openPhoneDialog(): void
  closePhoneDialog(): void
}

/** The 'Call Me' dialog: open or closed; its chunk, once here, keeps it mounted (element/demo-parts.ts). */
export const phoneSlice: DemoSlice<PhoneSlice> = (set, get, _store, { parts }) => ({
  phoneOpen: false,
  preparePhoneDialog() {
    if (isOff(get().prospect, 'phoneCall')) return
    Promise.all([parts.phoneDialog.load(), loadToasts()]).catch(() => {})
  },
  openPhoneDialog() {
    if (isOff(get().prospect, 'phoneCall')) return
    loadToasts().catch(() => {})
    // Opened on a store whose element has left the page, it opens nothing: no panel renders it.
    parts.phoneDialog.load().then(
      () => set({ phoneOpen: true }),
      () => get().sayFailure(START_ERROR_TEXT.callFailedTitle, NETWORK_ERROR_MESSAGE),
    )
  },
  closePhoneDialog() {
    set({ phoneOpen: false })
  },
})
