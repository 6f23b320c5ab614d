/**
 * Whether the browser reached us over https: the request's own scheme, or, behind a trusted proxy
 * (`TRUSTED_PROXY_HEADER` set: every request passes it), the last `X-Forwarded-Proto` entry, the
 * one that proxy set. Without a trusted proxy the header is the client's word and is ignored.
 */
export function cameOverHttps(
  url: string,
  forwardedProto: string | undefined,
  proxyTrusted: boolean,
): boolean {
  if (new URL(url).protocol === 'https:') return true
  return proxyTrusted && forwardedProto?.split(',').at(-1)?.trim().toLowerCase() === 'https'
}
