/**
 * The attribute on `404.html`'s root (written by scripts/prerender-site.ts): the server answered the
 * path the page was loaded at with 404, so the app shows its not-found page there, whatever the path.
 */
export const NOT_FOUND_ROOT_ATTRIBUTE = 'data-not-found'
