import type { VoiceConfig } from '#core/public-config.ts'
import type { SiteEnv } from '../../../site/build/load-site-env.ts'

/** The server settings the pages' policy depends on. */
export interface PolicyConfig {
  voice: VoiceConfig | null
  /** The hosts video conversation pages may come from; null without video calls. */
  videoCall: { allowedHosts: readonly string[] } | null
}

/**
 * The origins our pages talk to besides their own, each from the setting that chooses it. `null`
 * or empty: that part is on our own origin, or switched off, and needs no allowance.
 */
export interface PolicySources {
  /** `SITE_API_BASE` on another origin (the edge function). */
  apiOrigin: string | null
  /** `WIDGET_SCRIPT_URL` on another origin: the widget's code and, by default, its API. */
  widgetOrigin: string | null
  /** `CALENDLY_URL`'s origin; null when online booking is off. */
  calendlyOrigin: string | null
  /** `VAPI_API_URL`'s origin; null without browser voice calls. */
  vapiApiOrigin: string | null
  /** Where video conversation pages may be (`VIDEO_ALLOWED_HOSTS`); empty without video calls. */
  videoFrameOrigins: string[]
}

/** The origin of an absolute http(s) URL; null for a path on our own origin or an empty setting. */
const originOf = (url: string): string | null => (/^https?:\/\//.test(url) ? new URL(url).origin : null)

const isLoopback = (host: string): boolean =>
  host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)

/**
 * A `VIDEO_ALLOWED_HOSTS` entry as source expressions, following what the server accepts for a
 * conversation URL (video/conversation-url.ts): https on its default port; a loopback host (listed
 * only for local fakes) over http or https on any port, since those fakes listen on a free port.
 */
export function videoFrameOrigins(host: string): string[] {
  return isLoopback(host) ? [`http://${host}:*`, `https://${host}:*`] : [`https://${host}`]
}

/** Reads the sources from the server's configuration and the settings the site was built with. */
export function readPolicySources(config: PolicyConfig, site: SiteEnv): PolicySources {
  return {
    apiOrigin: originOf(site.SITE_API_BASE),
    widgetOrigin: originOf(site.WIDGET_SCRIPT_URL),
    calendlyOrigin: site.CALENDLY_URL === '' ? null : originOf(site.CALENDLY_URL),
    vapiApiOrigin: config.voice ? originOf(config.voice.apiUrl) : null,
    videoFrameOrigins: config.videoCall?.allowedHosts.flatMap(videoFrameOrigins) ?? [],
  }
}
