/**
 * The one-time token of a link the server or an admin gave (`…#token=…`): in the fragment, which
 * browsers never send to a server, so no log ever holds it. Empty when the link was cut short.
 */
export const readLinkToken = (): string =>
  new URLSearchParams(window.location.hash.slice(1)).get('token') ?? ''
