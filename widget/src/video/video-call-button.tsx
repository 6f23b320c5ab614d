import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { FALLBACK_SLUG, SLUG_PATTERN } from '#core/prospect.ts'
import type { Theme } from '../element/theme.ts'
import { reportEngagement } from '../engagement/report-engagement.ts'
import { apiBaseOf, NETWORK_ERROR_MESSAGE } from '../lib/fetch-api.ts'
import { fetchAnyProspect } from '../lib/fetch-prospect.ts'
import { LOG_PREFIX } from '../lib/log-prefix.ts'
import { isPreview, PREVIEW_NOTICE } from '../lib/preview.ts'
import { createSheetAdopter } from '../styles/adopt-sheet.ts'
import { ToastSlot } from '../toast/toast-slot.tsx'
import { loadToasts, showToast } from '../toast/toasts.ts'
import { START_ERROR_TEXT } from '../voice/start-error-text.ts'
import type { LauncherView, LoadVideoCall, VideoCallHandle } from './launcher-view.ts'
import css from './video-button.css?inline'
import { VideoIcon } from './video-icon.tsx'

const adoptButtonSheet = createSheetAdopter(css)

/** The accessible name of the floating button. */
export const VIDEO_CALL_LABEL = 'Start a video call'

const BUTTON =
  'flex size-14 items-center justify-center rounded-full bg-linear-to-br from-indigo-600 to-violet-600 ' +
  'text-white shadow-lg ring-2 ring-white/80 transition-transform hover:from-indigo-700 hover:to-violet-700 ' +
  'motion-safe:hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent'

const IDLE: LauncherView = { status: 'idle' }

/**
 * The custom state the element has while its button shows (`voice-video-call:state(shown)` in CSS),
 * so a page can reserve room for the button where it would sit over text.
 */
export const SHOWN_STATE = 'shown'
/**
 * The custom state the element has once the server said it runs no video calls (or did not answer):
 * no button will show, so a page that kept room for one (`voice-video-call:state(off)`) gives it back.
 */
export const OFF_STATE = 'off'
const internalsOf = new WeakMap<HTMLElement, ElementInternals | null>()
/** The element's custom states; null where the browser has none (or the host is no custom element). */
function statesOf(host: HTMLElement): CustomStateSet | null {
  if (!internalsOf.has(host)) {
    let internals: ElementInternals | null = null
    try {
      internals = host.attachInternals()
    } catch {}
    internalsOf.set(host, internals)
  }
  return internalsOf.get(host)?.states ?? null
}

const loadVideoCall: LoadVideoCall = (host, show) =>
  import('./call/video-call.tsx').then(({ createVideoCall }) => createVideoCall(host, show))

/**
 * Whether the server runs video calls, from a prospect's answer: the page's panel's when there is one
 * (by the time this chunk has arrived it has asked), else one of our own. Any prospect will do, even
 * for a link that is not one: the answer is the same for all.
 */
function isVideoOn(host: HTMLElement): Promise<boolean> {
  const asked = host.getAttribute('slug')?.trim() ?? ''
  const slug = SLUG_PATTERN.test(asked) ? asked : FALLBACK_SLUG
  return fetchAnyProspect(slug, apiBaseOf(host)).then(
    ({ features }) => {
      if (!features.videoCall) console.info(`${LOG_PREFIX} no video button: video calls are not configured.`)
      return features.videoCall
    },
    () => {
      console.warn(`${LOG_PREFIX} no video button: the demo service did not answer.`)
      return false
    },
  )
}

/**
 * The floating video-call button, at the viewport's bottom left (or in the page's flow where the page
 * restyles its `dock` part), shown once the server says it runs video calls: a button that could only
 * fail is not shown at all. The call (overlay, countdown, API client, texts, daily-js) is a chunk
 * fetched on intent (pointer over, focus), normally there by the click, and it draws the button's
 * busy label itself. While connecting or in a call the button is
 * aria-disabled rather than disabled, so it keeps the focus it had and the dialog hands it back on close.
 */
export function VideoCallButton({
  host,
  theme = 'light',
  load = loadVideoCall,
}: {
  host: HTMLElement
  /** What the element's theme attribute and the page resolve to (element/theme.ts). */
  theme?: Theme
  load?: LoadVideoCall
}) {
  const [available, setAvailable] = useState(false)
  const [view, show] = useState(IDLE)
  const call = useRef<Promise<VideoCallHandle> | undefined>(undefined)
  const dock = useRef<HTMLDivElement>(null)

  useLayoutEffect(() => {
    if (dock.current) adoptButtonSheet(dock.current.getRootNode() as ShadowRoot | Document)
  }, [])
  // Before the button's first paint, so that it paints in its place under the room the page gives it
  // (`:state(shown)`), not first above it.
  useLayoutEffect(() => {
    if (!available) return
    const states = statesOf(host)
    states?.add(SHOWN_STATE)
    return () => states?.delete(SHOWN_STATE)
  }, [host, available])
  useEffect(() => {
    let current = true
    // A page with only the video button is a prospect's page too (it counts once, like the panel's).
    const slug = host.getAttribute('slug')?.trim() ?? ''
    // An editor's preview is nobody's visit.
    if (SLUG_PATTERN.test(slug) && !isPreview(host))
      reportEngagement(apiBaseOf(host), { name: 'page_opened', slug })
    isVideoOn(host).then((on) => {
      if (!current) return
      setAvailable(on)
      if (!on) statesOf(host)?.add(OFF_STATE)
    })
    return () => {
      current = false
      statesOf(host)?.delete(OFF_STATE)
      void call.current?.then(
        (loaded) => loaded.dispose(),
        () => {},
      )
    }
  }, [host])

  const ensureCall = () =>
    (call.current ??= load(host, show).catch((error: unknown) => {
      call.current = undefined // offline for a moment: the next click tries again
      throw error
    }))
  const prepare = () => void Promise.all([isPreview(host) || ensureCall(), loadToasts()]).catch(() => {})
  const start = () => {
    if (view.status !== 'idle') return
    // A preview in an editor starts no call: it says so in the button's own toast.
    if (isPreview(host)) return void showToast(host, PREVIEW_NOTICE, '')
    loadToasts().catch(() => {})
    ensureCall().then(
      (loaded) => loaded.start(),
      // The call chunk did not load: a network failure, like any other.
      () => void showToast(host, START_ERROR_TEXT.failedTitle, NETWORK_ERROR_MESSAGE, 'destructive'),
    )
  }
  const { Busy, Overlay } = view

  return (
    <div data-theme={theme}>
      {/* `dock` is the page's to restyle: `::part(dock) { position: static }` puts the button in the
          page's flow, where it takes room only while it shows (docs/embedding.md). */}
      <div ref={dock} class="video-dock" part="dock">
        {available && (
          <button
            type="button"
            class={BUTTON}
            aria-label={Busy ? undefined : VIDEO_CALL_LABEL}
            aria-disabled={view.status !== 'idle'}
            onPointerEnter={prepare}
            onFocus={prepare}
            onClick={start}
          >
            {Busy ? <Busy /> : <VideoIcon />}
          </button>
        )}
        <ToastSlot owner={host} active={view.status !== 'active'} />
        {Overlay && <Overlay />}
      </div>
    </div>
  )
}
