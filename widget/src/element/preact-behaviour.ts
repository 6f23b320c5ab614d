import { type ComponentChild, render } from 'preact'
import { resolveTheme, type Theme, themeNamed } from './theme.ts'
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
  // Reading the page's `color-scheme` forces a style pass (with the panel drawn, its style and layout):
  // not in the task that renders, but in the next. Until then the theme is the one the boot drew in
  // (it read the page before drawing), so taking over changes no colour; else light, as most pages are.
  let readScheme = false
  // The drawn panel's theme (a server's declarative root puts its stylesheet before the panel).
  const drawn = themeNamed(root.querySelector('[data-theme]')?.getAttribute('data-theme'))
  const theme = () =>
    readScheme ? resolveTheme(host) : (themeNamed(host.getAttribute('theme')) ?? drawn ?? 'light')
  const draw = () => render(view(theme()), root)
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
