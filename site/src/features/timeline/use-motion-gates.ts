import { type RefObject, useEffect, useState, useSyncExternalStore } from 'react'

const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)'

function subscribeReducedMotion(onChange: () => void): () => void {
  const query = window.matchMedia?.(REDUCED_MOTION_QUERY)
  query?.addEventListener('change', onChange)
  return () => query?.removeEventListener('change', onChange)
}

/** True when the visitor asked the system for less motion; follows changes live. */
export const usePrefersReducedMotion = (): boolean =>
  useSyncExternalStore(
    subscribeReducedMotion,
    () => window.matchMedia?.(REDUCED_MOTION_QUERY).matches ?? false,
    () => false,
  )

function subscribeVisibility(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange)
  return () => document.removeEventListener('visibilitychange', onChange)
}

/** False while the tab is in the background, where timers would only burn battery. */
export const usePageVisible = (): boolean =>
  useSyncExternalStore(
    subscribeVisibility,
    () => document.visibilityState !== 'hidden',
    () => true,
  )

/**
 * Whether any part of `ref`'s element is in the viewport. Starts false, on the server too (so a
 * server-rendered page hydrates as it was rendered), and an element mounted below the fold costs
 * nothing until it is scrolled to; without IntersectionObserver it turns true once mounted.
 */
export function useIsOnScreen(ref: RefObject<Element | null>): boolean {
  const [onScreen, setOnScreen] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (typeof IntersectionObserver === 'undefined') return setOnScreen(true)
    if (!element) return
    const observer = new IntersectionObserver((entries) => {
      const last = entries.at(-1)
      if (last) setOnScreen(last.isIntersecting)
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return onScreen
}

/** Calls `onTick` every `intervalMs` while `running`; no timer at all otherwise. */
export function useInterval(onTick: () => void, intervalMs: number, running: boolean): void {
  useEffect(() => {
    if (!running) return
    const timer = window.setInterval(onTick, intervalMs)
    return () => window.clearInterval(timer)
  }, [onTick, intervalMs, running])
}
