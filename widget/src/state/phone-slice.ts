import { afterNextPaint } from '../lib/after-paint.ts'
import { NETWORK_ERROR_MESSAGE } from '../lib/fetch-api.ts'
import { loadToasts } from '../toast/toasts.ts'
import { START_ERROR_TEXT } from '../voice/start-error-text.ts'
import type { DemoSlice, PhoneSlice } from './demo-state.ts'
import { isOff } from './prospect-slice.ts'

/** The 'Call Me' dialog: open or closed; its chunk, once here, keeps it mounted (element/demo-parts.ts). */
export const phoneSlice: DemoSlice<PhoneSlice> = (set, get, _store, { parts }) => ({
  phoneOpen: false,
  preparePhoneDialog() {
    // After the frame, as the browser call's intent (call-slice.ts): a tap's click paints first.
    afterNextPaint(() => {
      if (isOff(get().prospect, 'phoneCall')) return
      Promise.all([parts.phoneDialog.load(), loadToasts()]).catch(() => {})
    })
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
