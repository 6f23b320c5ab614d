import { existsSync } from 'node:fs'

/** Flags for Chromium on these machines: root (no sandbox), no GPU, a closed network, fake media. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  // Partner pages in the tests are fake public origins (routed by Playwright) loading the widget from
  // our server on loopback; Chromium's Local Network Access checks block public → loopback requests.
  // In production the widget is served from a public origin, so this never applies there.
  '--disable-features=LocalNetworkAccessChecks',
]

/** `CHROMIUM_PATH`, else Debian's Chromium. `npx playwright install` cannot download browsers here. */
export function findChromium(env: NodeJS.ProcessEnv = process.env): string {
  const path = env.CHROMIUM_PATH || '/usr/bin/chromium'
  if (!existsSync(path)) {
    throw new Error(
      `No Chromium at ${path}. Install it with \`apt-get install -y chromium\` (Debian) or set CHROMIUM_PATH ` +
        'to a Chromium or Chrome binary. End-to-end tests run in a real browser and cannot start without one.',
    )
  }
  return path
}
