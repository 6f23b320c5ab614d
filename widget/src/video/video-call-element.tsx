import type { ComponentType } from 'preact'
import { useEffect, useState } from 'preact/hooks'
import { ELEMENT_ATTRIBUTES } from '../api/public-api.ts'
import type { Theme } from '../element/theme.ts'
import { WidgetElement } from '../element/widget-element.ts'
import { LOG_PREFIX } from '../lib/log-prefix.ts'

type Button = ComponentType<{ host: HTMLElement }>

/**
 * `<voice-video-call>`: the floating video-call button. `slug` (the prospect whose page it is) and
 * `api-base` are read when a call starts. Removing the element ends its call.
 */
export class VoiceVideoCallElement extends WidgetElement {
  static observedAttributes = ELEMENT_ATTRIBUTES['voice-video-call']

  protected view(theme: Theme) {
    return <VideoLauncher host={this} theme={theme} />
  }
}

/**
 * The button's code is a chunk of its own, so the demo panel's first paint (the snippet's) never pays
 * for it. It shows nothing until the server says it runs video calls.
 */
function VideoLauncher({ host, theme }: { host: HTMLElement; theme: Theme }) {
  const [Shown, setShown] = useState<Button | null>(null)
  useEffect(() => {
    let current = true
    import('./video-call-button.tsx').then(
      ({ VideoCallButton }) => current && setShown(() => VideoCallButton),
      (error: unknown) => console.warn(`${LOG_PREFIX} the video button failed to load.`, error),
    )
    return () => {
      current = false
    }
  }, [])
  return <div data-theme={theme}>{Shown && <Shown host={host} />}</div>
}
