import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { useStoreState } from '../lib/use-store-state.ts'
import { createSheetAdopter } from '../styles/adopt-sheet.ts'
import { CALL_TEXT } from './call-text.ts'
import css from './call-view.css?inline'
import { formatElapsed, type LiveCallStore } from './live-call.ts'
import type { TranscriptLine } from './voice-client.ts'

const adoptCallViewSheet = createSheetAdopter(css)

export interface CallViewProps {
  live: LiveCallStore
  /** Draws the call's audio levels on the canvas until the returned function is called. */
  attachMeter(canvas: HTMLCanvasElement): () => void
}

/**
 * What the panel shows while a browser call is live, under its buttons: the level meter, who is
 * speaking, the elapsed time, and live captions of the last agent and visitor lines, which the
 * visitor can hide. Part of the lazy call chunk, never of the first paint.
 */
export function CallView({ live, attachMeter }: CallViewProps) {
  const { startedAt, speaking, captions, captionsHidden } = useStoreState(live)
  const canvas = useRef<HTMLCanvasElement>(null)
  const now = useNow()
  useLayoutEffect(() => {
    if (canvas.current) adoptCallViewSheet(canvas.current.getRootNode() as ShadowRoot | Document)
  }, [])
  useEffect(() => (canvas.current ? attachMeter(canvas.current) : undefined), [attachMeter])
  const any = captions.agent || captions.visitor
  return (
    <div class="call-view">
      <div class="mt-3 flex min-h-5 flex-wrap items-center gap-x-3 gap-y-2 text-sm">
        {/* Handed to the meter once: its worker draws on it (OffscreenCanvas), at twice its CSS size
            for sharp bars. Decorative: the label beside it says who speaks. */}
        {/* biome-ignore lint/a11y/noAriaHiddenOnFocusable: a canvas without tabindex is not focusable */}
        <canvas ref={canvas} width={120} height={40} class="h-5 w-[60px] shrink-0" aria-hidden="true" />
        {/* Both labels take the place of the longer one, so the row never reflows as turns change. */}
        <span class="grid font-medium">
          <span class={`col-start-1 row-start-1 ${speaking ? '' : 'invisible'}`}>
            {CALL_TEXT.agentSpeaking}
          </span>
          <span class={`col-start-1 row-start-1 ${speaking ? 'invisible' : ''}`}>{CALL_TEXT.listening}</span>
        </span>
        <span role="timer" aria-label={CALL_TEXT.elapsed} class="text-ink-soft tabular-nums">
          {formatElapsed(startedAt === null ? 0 : now - startedAt)}
        </span>
        <button
          type="button"
          aria-pressed={!captionsHidden}
          class="ml-auto rounded-md px-2 py-1 text-xs font-semibold text-ink-soft ring-1 ring-edge hover:bg-muted aria-pressed:bg-accent-soft aria-pressed:text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
          onClick={() => live.setState({ captionsHidden: !captionsHidden })}
        >
          {CALL_TEXT.captions}
        </button>
      </div>
      {/* A polite live region (a log), always rendered while the captions are on, so screen readers
          already watch it. Partial words are hidden from them: each line is read once, when final. */}
      {!captionsHidden && (
        <div
          role="log"
          aria-label={CALL_TEXT.captions}
          class={any ? 'mt-3 flex flex-col gap-1 rounded-xl bg-sunken p-3 text-sm' : ''}
        >
          <CaptionLine who={CALL_TEXT.agent} line={captions.agent} />
          <CaptionLine who={CALL_TEXT.visitor} line={captions.visitor} />
        </div>
      )}
    </div>
  )
}

function CaptionLine({ who, line }: { who: string; line: TranscriptLine | null }) {
  if (!line) return null
  return (
    <p aria-atomic="true">
      <span class="font-semibold">{who}: </span>
      {line.final ? (
        line.text
      ) : (
        <span aria-hidden="true" class="text-ink-soft">
          {line.text}
        </span>
      )}
    </p>
  )
}

/** The time now, updated every second while the view is shown (during a call only). */
function useNow(): number {
  const [now, setNow] = useState(Date.now)
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [])
  return now
}
