/** Where the Node server listens when HOST and PORT are not set (config.ts reads them). */
export const DEFAULT_HOST = '127.0.0.1'
export const DEFAULT_PORT = 8787

export interface SiteAddress {
  /** `SITE_URL`, without its trailing slash; null when it is not set. */
  siteUrl: string | null
  host: string
  port: number
}

/**
 * The one address people are given for the site: the server prints it as it starts, and every link
 * the server or a command prints (set a password, the first admin's setup, a prospect's page) starts
 * with it. `SITE_URL` when set, else the server's own `http://HOST:PORT`. A browser keeps the reps'
 * session cookie per host, so a link to `localhost` after signing in on `127.0.0.1` would sign the rep
 * out: every link must name the same host. A HOST of "any address" (0.0.0.0, ::) is no address a
 * browser can open; this machine reaches it on the loopback, anyone else needs SITE_URL.
 */
export function getSiteOrigin({ siteUrl, host, port }: SiteAddress): string {
  if (siteUrl !== null) return siteUrl
  const name = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host
  return `http://${name.includes(':') ? `[${name}]` : name}:${port}`
}

/**
 * The server's address as a command computes it when no server answers for it: HOST and PORT as the
 * server would read them (a value the server would refuse counts as unset here: the server says so).
 * `SITE_URL` is the command's to read first, with its own option.
 */
export function getLocalSiteOrigin(env: Record<string, string | undefined>): string {
  const port = env.PORT?.trim() ?? ''
  return getSiteOrigin({
    siteUrl: null,
    host: env.HOST?.trim() || DEFAULT_HOST,
    port: /^\d{1,5}$/.test(port) && Number(port) <= 65535 ? Number(port) : DEFAULT_PORT,
  })
}
