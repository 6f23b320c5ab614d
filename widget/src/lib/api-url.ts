/**
 * Where a widget element's `/api/*` lives: its `api-base` attribute, else the origin the widget's own
 * script came from. Every request of every element starts here. (`@vite-ignore`: the core's own URL
 * at run time, not an asset for Vite to bundle.) A module of its own, without the error messages of
 * fetch-api.ts, since the boot asks for the prospect with it before anything else has arrived.
 */
export const apiBaseOf = (element: Element): string =>
  element.getAttribute('api-base')?.trim() || new URL(/* @vite-ignore */ '/', import.meta.url).href

/**
 * `{apiBase}/{path}`, the URL of every API request of the widget; throws a TypeError for a bad
 * api-base. A trailing slash keeps a path in api-base (https://example.com/demo/ → /demo/api/...).
 */
export const apiUrl = (path: string, apiBase: string): URL =>
  new URL(path, new URL(apiBase.replace(/\/*$/, '/'), import.meta.url))
