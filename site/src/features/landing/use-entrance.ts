import { useEffect, useRef, useState } from 'react'

/**
 * Marks a section as entered the first time it scrolls into view, so its staged entrance plays
 * where the visitor can see it. Returns the ref and the data attribute to spread on the section.
 */
export function useEntrance<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [entered, setEntered] = useState(false)
  useEffect(() => {
    const element = ref.current
    if (!element || entered) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setEntered(true)
      },
      { threshold: 0.15 },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [entered])
  return { ref, stageProps: entered ? { 'data-entered': '' } : { 'data-entering': '' } }
}
