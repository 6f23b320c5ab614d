/** Network conditions for CDP `Network.emulateNetworkConditions` (bytes per second, ms). */
export interface NetworkConditions {
  readonly latency: number
  readonly downloadThroughput: number
  readonly uploadThroughput: number
}

export interface BenchProfile {
  readonly name: 'desktop' | 'phone'
  readonly viewport: { readonly width: number; readonly height: number }
  readonly deviceScaleFactor: number
  readonly isMobile: boolean
  /** CDP `Emulation.setCPUThrottlingRate`: 1 is no slowdown. */
  readonly cpuSlowdown: number
  readonly network: NetworkConditions | null
  /** The network of the widget bench's long-task loads ({@link LONG_TASK_NETWORK}); null: none. */
  readonly longTaskNetwork: NetworkConditions | null
}

/**
 * Chrome DevTools' "Slow 4G" preset (front_end/core/sdk/NetworkManager.ts): 1.6 Mbit/s down and
 * 750 kbit/s up, each × 0.9, and 150 ms × 3.75 round-trip latency.
 */
export const SLOW_4G: NetworkConditions = {
  latency: 150 * 3.75, // 562.5 ms
  downloadThroughput: ((1.6 * 1000 * 1000) / 8) * 0.9, // 180,000 B/s = 1.44 Mbit/s
  uploadThroughput: ((750 * 1000) / 8) * 0.9, // 84,375 B/s = 675 kbit/s
}

/**
 * Slow 4G's figures with the latency taken as it is, 150 ms per request rather than × 3.75 (Lighthouse
 * uses 150 ms as a round trip), and 1.6 Mbit/s down, 750 kbit/s up. The widget's long-task check runs
 * on it: the widget's script then arrives some 250 ms after the page's first paint rather than 650 ms,
 * while the browser is still busy starting up, and the same boot tasks ran longer there (at 4× CPU,
 * the render task 23–49 ms untraced against 24–29 ms at Slow 4G). Slow 4G alone would hide long tasks
 * that a visitor with a slow phone on a better connection gets.
 */
export const LONG_TASK_NETWORK: NetworkConditions = {
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8, // 200,000 B/s
  uploadThroughput: (750 * 1000) / 8, // 93,750 B/s
}

export const PROFILES: readonly BenchProfile[] = [
  {
    name: 'desktop',
    viewport: { width: 1280, height: 800 },
    deviceScaleFactor: 1,
    isMobile: false,
    cpuSlowdown: 1,
    network: null,
    longTaskNetwork: null,
  },
  {
    name: 'phone',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    cpuSlowdown: 4,
    network: SLOW_4G,
    longTaskNetwork: LONG_TASK_NETWORK,
  },
]

/** One line a reader can check against DevTools, e.g. `390×844 @2x, CPU 4× slower, Slow 4G (…)`. */
export function describeProfile(profile: BenchProfile): string {
  const { width, height } = profile.viewport
  const cpu = profile.cpuSlowdown === 1 ? 'no CPU throttling' : `CPU ${profile.cpuSlowdown}× slower`
  const network = profile.network ? `Slow 4G: ${describeNetwork(profile.network)}` : 'no network throttling'
  return `${width}×${height} @${profile.deviceScaleFactor}x, ${cpu}, ${network}`
}

/** `latency 150 ms, down 200000 B/s (1.6 Mbit/s), up 93750 B/s (750 kbit/s)`. */
export const describeNetwork = (net: NetworkConditions): string =>
  `latency ${net.latency} ms, down ${net.downloadThroughput} B/s ` +
  `(${(net.downloadThroughput * 8) / 1e6} Mbit/s), up ${net.uploadThroughput} B/s ` +
  `(${(net.uploadThroughput * 8) / 1e3} kbit/s)`
