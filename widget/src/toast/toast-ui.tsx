/**
 * The toast chunk: the page's one toast (its store and countdown), each element's region and the card.
 * Fetched on the visitor's intent (toasts.ts), never on first paint.
 */
export { dismissToastOf, showToast } from './page-toast.ts'
export { ToastRegion } from './toast-region.tsx'
