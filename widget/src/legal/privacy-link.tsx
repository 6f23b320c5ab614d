/**
 * Our privacy page: at the origin the widget's own script came from, since our site serves both, so
 * a partner's page links to it too.
 */
export const privacyPageUrl = (): string => new URL(/* @vite-ignore */ '/privacy', import.meta.url).href

export const PRIVACY_LINK_TEXT = 'How we handle your data'

/**
 * The link to the privacy page, where the widget takes personal data (the phone dialog, the video
 * call). It opens a new tab, so the dialog or call stays. Outside the core stylesheet's sources: the
 * lazy part's own sheet compiles its classes, and the first paint pays nothing.
 */
export function PrivacyLink() {
  return (
    <a
      href={privacyPageUrl()}
      target="_blank"
      rel="noopener"
      class="font-medium text-ink underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
    >
      {PRIVACY_LINK_TEXT}
    </a>
  )
}
