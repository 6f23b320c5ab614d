import { dismissToastOf, showToast } from '../toast/toasts.ts'
import type { DemoSlice, NoticeSlice } from './demo-state.ts'

/** What the panel tells the visitor beside its buttons: its status line and the element's toasts. */
export const noticeSlice: DemoSlice<NoticeSlice> = (set, _get, _store, { owner, cleanups }) => {
  cleanups.push(() => dismissToastOf(owner))
  return {
    notice: '',
    showToast: (title, description, variant) => void showToast(owner, title, description, variant),
    sayFailure: (title, message) =>
      void showToast(owner, title, message, 'destructive').then((shown) => shown || set({ notice: message })),
  }
}
