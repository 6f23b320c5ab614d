import type { DetailedHTMLProps, HTMLAttributes } from 'react'

/**
 * The widget's floating video-call button (bottom left, fixed), defined at run time by widget.mjs
 * (never imported here). Both attributes are read when a call starts.
 */
interface VoiceVideoCallAttributes extends HTMLAttributes<HTMLElement> {
  /** The prospect whose page it is; the server greets them by name. */
  slug?: string | undefined
  /** Where the widget finds `/api/...`; the widget's own default when absent. */
  'api-base'?: string
  /** `light`, `dark`, or `auto` (the default: the page's `color-scheme`, else the system's). */
  theme?: 'light' | 'dark' | 'auto'
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'voice-video-call': DetailedHTMLProps<VoiceVideoCallAttributes, HTMLElement>
    }
  }
}
