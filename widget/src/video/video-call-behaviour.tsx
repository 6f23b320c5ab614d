import { preactBehaviour } from '../element/preact-behaviour.ts'
import type { ElementBehaviour } from '../element/widget-element.ts'
import { lazyPart } from '../lib/lazy-part.ts'
import { LOG_PREFIX } from '../lib/log-prefix.ts'

/**
 * The button's code is a chunk of its own, so the demo panel's first paint (the snippet's) never pays
 * for it. It shows nothing until the server says it runs video calls.
 */
const button = lazyPart(() => import('./video-call-button.tsx'))

/** What `<voice-video-call>` does once the rest of the widget has arrived: it shows the button. */
export function videoCallBehaviour(host: HTMLElement, root: ShadowRoot): ElementBehaviour {
  const behaviour = preactBehaviour(host, root, (theme) => {
    const Button = button.get()?.VideoCallButton
    if (Button) return <Button host={host} theme={theme} />
    // Drawn again once the chunk is here (a render while it is on its way asks no second time).
    button.load().then(
      () => behaviour.changed(),
      (error: unknown) => console.warn(`${LOG_PREFIX} the video button failed to load.`, error),
    )
    return <div data-theme={theme} />
  })
  return behaviour
}
