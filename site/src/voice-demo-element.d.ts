import type { DetailedHTMLProps, HTMLAttributes } from 'react'

/**
 * The widget's `<voice-demo>` element, defined at run time by widget.mjs (never imported here).
 * React 19 sets `slug` as a property once the element is defined, and as an attribute before.
 */
interface VoiceDemoAttributes extends HTMLAttributes<HTMLElement> {
  /** The prospect whose voice agent the panel demonstrates. */
  slug?: string
  /** Where the widget finds `/api/...`; the widget's own default when absent. */
  'api-base'?: string
  /** `light`, `dark`, or `auto` (the default: the page's `color-scheme`, else the system's). */
  theme?: 'light' | 'dark' | 'auto'
  /** Present: the phone dialog's back arrow also shows the prospect's page (`/{slug}`). */
  'back-navigation'?: ''
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'voice-demo': DetailedHTMLProps<VoiceDemoAttributes, HTMLElement>
    }
  }
}
