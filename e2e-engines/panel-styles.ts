/**
 * The panel's computed styles and boxes, read in the page inside the shadow root (self-contained: its
 * source runs in the page), and the role colours of the widget's two themes (widget/src/styles/).
 */

/** The role colours as engines compute them (`rgb()`), light and dark. */
export const THEME_COLORS = {
  light: {
    surface: 'rgb(255, 255, 255)',
    ink: 'rgb(15, 23, 42)',
    inkSoft: 'rgb(71, 85, 105)',
    accent: 'rgb(79, 70, 229)',
    scheme: 'normal',
  },
  dark: {
    surface: 'rgb(15, 23, 42)',
    ink: 'rgb(241, 245, 249)',
    inkSoft: 'rgb(148, 163, 184)',
    accent: 'rgb(165, 180, 252)',
    scheme: 'dark',
  },
} as const

export const WHITE = 'rgb(255, 255, 255)'

type Styles = Record<string, string>

export interface PanelStyles {
  /** Where the page and the widget's script come from. */
  pageOrigin: string
  scriptOrigin: string
  adoptedSheets: number
  /** Buttons in the host page's own DOM: none, the widget's are in its shadow root. */
  buttonsInPage: number
  fontsLoaded: boolean
  box: { width: number; height: number }
  /** The two call buttons' top edges: equal side by side, growing when stacked. */
  buttonTops: number[]
  /** From the lower call button's bottom edge to the panel's. */
  underButtons: number
  section: Styles
  heading: Styles
  eyebrow: Styles
  lead: Styles
  primary: Styles
  secondary: Styles
}

/** Reads the panel of `slug` once its fonts are in; null before it has rendered. */
export async function readPanelStyles({ slug }: { slug: string }): Promise<PanelStyles | null> {
  const root = document.querySelector(`voice-demo[slug="${slug}"]`)?.shadowRoot
  const section = root?.querySelector('section')
  if (!root || !section) return null
  await document.fonts.ready
  const pick = (element: Element | null | undefined, properties: string[]): Styles => {
    if (!element) return {}
    const style = getComputedStyle(element)
    return Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]))
  }
  const [eyebrow, lead] = section.querySelectorAll('section > div > p')
  const [primary, secondary] = section.querySelectorAll('button')
  const box = section.getBoundingClientRect()
  const script = document.querySelector<HTMLScriptElement>('script[type=module]')
  return {
    pageOrigin: location.origin,
    scriptOrigin: script ? new URL(script.src).origin : '',
    adoptedSheets: root.adoptedStyleSheets.length,
    buttonsInPage: document.querySelectorAll('button').length,
    fontsLoaded: document.fonts.check('600 18px Inter'),
    box: { width: box.width, height: box.height },
    buttonTops: [primary, secondary].map((button) => button?.getBoundingClientRect().top ?? Number.NaN),
    underButtons:
      box.bottom - Math.max(...[primary, secondary].map((b) => b?.getBoundingClientRect().bottom ?? 0)),
    section: pick(section, ['background-color', 'border-top-left-radius', 'color', 'color-scheme']),
    heading: pick(section.querySelector('h2'), ['color', 'font-family', 'font-weight', 'font-size']),
    eyebrow: pick(eyebrow, ['color', 'text-transform']),
    lead: pick(lead, ['color']),
    primary: pick(primary, ['background-image', 'color', 'border-top-left-radius', 'cursor', 'height']),
    secondary: pick(secondary, ['background-color', 'color', 'border-top-left-radius']),
  }
}
