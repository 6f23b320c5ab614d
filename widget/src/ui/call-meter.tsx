import { useEffect, useRef } from 'preact/hooks'

/**
 * The call's audio-level meter. The canvas is handed to the meter once (its worker draws on it as an
 * OffscreenCanvas), so Preact renders it and never touches it again. Its drawing surface is twice its
 * CSS size for sharp bars on high-density screens. Decorative: the status line says what happens.
 */
export function CallMeter({ attach }: { attach: (canvas: HTMLCanvasElement) => () => void }) {
  const canvas = useRef<HTMLCanvasElement>(null)
  useEffect(() => (canvas.current ? attach(canvas.current) : undefined), [attach])
  return (
    // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex is not focusable
    <canvas ref={canvas} width={120} height={40} class="h-5 w-[60px] shrink-0" aria-hidden="true" />
  )
}
