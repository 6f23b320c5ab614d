import type { DetailedHTMLProps, HTMLAttributes } from 'react'

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /**
       * The widget's floating video-call button (bottom left, fixed), defined at run time by widget.js
       * (never imported here). It has no attributes yet.
       */
      'voice-video-call': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>
    }
  }
}
