import { dismissToastOf, showToast, type ToastVariant } from '../toast/toasts.ts'
import type { DemoSlice } from './demo-store.ts'

export interface NoticeSlice {
  /** What the panel's live status region says; empty when there is nothing to say. */
  notice: string
  /** Shows the page's one toast in this element's region, replacing any other, for 5000 ms. */
  showToast(title: string, description: string, variant?: ToastVariant): void
  /** A failure as a toast, or on the status line when not even the toast chunk could be fetched. */
  sayFailure(title: string, message: string): void
}

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
