import { createEmbedSnippet } from '#core/embed-snippet.ts'
import { getProspectPageUrl } from '#core/prospect.ts'
import { getLocalSiteOrigin } from '../common/site-origin.ts'

/** Where the product is published, as personalised links and snippets must name it. */
export interface LinkSettings {
  /** Origin (and path, if any) of the site: a prospect's page is `{siteUrl}/{slug}`. */
  siteUrl: string
  /** Absolute URL of `widget.mjs`. */
  widgetUrl: string
  /** The API's base when it is not `widget.mjs`'s origin (a Supabase Edge Function); else null. */
  apiBase: string | null
}

export interface LinkInputs {
  siteUrl?: string | undefined
  widgetUrl?: string | undefined
  apiBase?: string | undefined
}

export class LinkSettingsError extends Error {
  override readonly name = 'LinkSettingsError'
}

/**
 * Resolves the settings from options, else the variables the site build reads for the same things
 * (`SITE_URL`, `WIDGET_SCRIPT_URL`, `SITE_API_BASE`), else the address of the running server
 * (`serverOrigin`, when the command goes through it), else the one the server would print on HOST and
 * PORT (common/site-origin.ts). A relative widget URL (the build's default `/widget.mjs`) is taken
 * relative to the site.
 */
export function resolveLinkSettings(
  options: LinkInputs,
  env: Record<string, string | undefined>,
  serverOrigin?: string,
): LinkSettings {
  const pick = (option: string | undefined, name: string) => option || env[name] || undefined
  const site = pick(options.siteUrl, 'SITE_URL') ?? serverOrigin ?? getLocalSiteOrigin(env)
  const siteUrl = readUrl(site, '--site-url / SITE_URL')
  const widget = pick(options.widgetUrl, 'WIDGET_SCRIPT_URL') ?? '/widget.mjs'
  const widgetUrl = readUrl(widget, '--widget-url / WIDGET_SCRIPT_URL', `${siteUrl}/`)
  const apiBase = pick(options.apiBase, 'SITE_API_BASE')
  return {
    siteUrl,
    widgetUrl,
    apiBase: apiBase === undefined ? null : readUrl(apiBase, '--api-base / SITE_API_BASE'),
  }
}

function readUrl(value: string, name: string, base?: string): string {
  let url: URL
  try {
    url = new URL(value, base)
  } catch {
    throw new LinkSettingsError(`${name}: "${value}" is not an absolute URL`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new LinkSettingsError(`${name}: "${value}" must be an http(s) URL`)
  }
  return url.href.replace(/\/+$/, '')
}

export const getProspectLink = (settings: LinkSettings, slug: string): string =>
  getProspectPageUrl(settings.siteUrl, slug)

export const getProspectSnippet = (settings: LinkSettings, slug: string): string =>
  createEmbedSnippet({ scriptUrl: settings.widgetUrl, slug, apiBase: settings.apiBase })
