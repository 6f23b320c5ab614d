import { type ComponentChild, render } from 'preact'
import { resolveTheme, type Theme } from './theme.ts'
import type { ElementBehaviour } from './widget-element.ts'

/**
 * An element's behaviour once the rest of the widget has arrived: it renders `view` into the shadow
 * root while connected (again on each observed attribute change) and unmounts when removed. Preact
 * renders over what the boot drew, reusing its nodes (a focused button keeps its focus), so taking
 * over changes nothing on screen.
 */
export function preactBehaviour(
  host: HTMLElement,
  root: ShadowRoot,
  view: (theme: Theme) => ComponentChild,
): ElementBehaviour {
  let connected = false
  // Reading the page's `color-scheme` forces a style pass: not in the task that draws the buttons (on
  // a slow phone it is long enough already), but in the next. The boot's drawing has read it by now
  // (or reads it in a task of its own): its colours are kept.
  let readScheme = root.firstChild !== null
  const draw = () => render(view(resolveTheme(host, readScheme)), root)
  return {
    connected() {
      connected = true
      draw()
      if (readScheme) return
      setTimeout(() => {
        readScheme = true
        if (connected) draw()
      })
    },
    disconnected() {
      connected = false
      render(null, root)
    },
    changed() {
      if (connected) draw()
    },
  }
}
