import { useEffect, useState } from 'preact/hooks'
import type { StoreApi } from 'zustand/vanilla'

/**
 * Re-renders on every change of a vanilla zustand store. The widget's stores are tiny, so a selector
 * would save nothing; `zustand`'s React hook is not used because it imports React.
 */
export function useStoreState<T>(store: StoreApi<T>): T {
  const [state, setState] = useState(() => store.getState())
  useEffect(() => {
    setState(() => store.getState()) // catches changes between the render and this effect
    return store.subscribe((next) => setState(() => next))
  }, [store])
  return state
}
