import { useStoreState } from '../lib/use-store-state.ts'
import { type ToastRegionProps, toastUi } from './toasts.ts'

/** An element's toast region, once the toast chunk has arrived; nothing before (and nothing to show). */
export function ToastSlot(props: ToastRegionProps) {
  const { Region } = useStoreState(toastUi)
  return Region ? <Region {...props} /> : null
}
