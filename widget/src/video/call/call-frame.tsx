import { useEffect, useRef } from 'preact/hooks'
import { CALL_TEXT } from './call-text.ts'
import { createFrameControls, type FrameControls, isDailyRoom, type LoadDaily } from './frame-controls.ts'

export interface CallFrameProps {
  url: string
  muted: boolean
  cameraOn: boolean
  /** The call inside the frame ended on its own. */
  onLeft(): void
  loadDaily?: LoadDaily | undefined
}

/**
 * The conversation in an embedded frame with the permissions a video call needs. A Daily room gets
 * no `src`: daily-js loads it when it joins (frame-controls.ts). Mute and camera follow the props.
 */
export function CallFrame({ url, muted, cameraOn, onLeft, loadDaily }: CallFrameProps) {
  const frame = useRef<HTMLIFrameElement>(null)
  const controls = useRef<FrameControls | null>(null)
  const left = useRef(onLeft)
  left.current = onLeft

  useEffect(() => {
    if (!frame.current) return
    const created = createFrameControls(frame.current, url, { onLeft: () => left.current(), loadDaily })
    controls.current = created
    return () => created.destroy()
  }, [url, loadDaily])
  useEffect(() => controls.current?.setMuted(muted), [muted])
  useEffect(() => controls.current?.setCamera(cameraOn), [cameraOn])

  return (
    <iframe
      ref={frame}
      src={isDailyRoom(url) ? undefined : url}
      title={CALL_TEXT.frameTitle}
      allow="camera; microphone; autoplay; display-capture"
      class="block min-h-0 w-full flex-1 rounded-xl bg-[#0f172a]"
    />
  )
}
