import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createBidiSession } from './bidi-session.ts'
import type { EngineSession } from './engine.ts'
import { stopProcess, track, waitForOutput } from './processes.ts'

/** `FIREFOX_PATH`, else Debian's Firefox ESR (`.ci/run` installs it). */
export function findFirefox(env: NodeJS.ProcessEnv = process.env): string {
  const path = env.FIREFOX_PATH || '/usr/bin/firefox-esr'
  if (!existsSync(path)) {
    throw new Error(
      `No Firefox at ${path}. Install it with \`apt-get install -y firefox-esr\` (Debian) or set FIREFOX_PATH.`,
    )
  }
  return path
}

/**
 * Preferences of the test profile. A fake microphone (a tone), granted without a prompt, as Chromium's
 * `--use-fake-*-for-media-stream` flags do; the rest keeps a browser on a closed network quiet.
 * Firefox's remote agent adds its own recommended automation preferences on top.
 */
const PREFS: Record<string, string | boolean | number> = {
  'media.navigator.streams.fake': true,
  'media.navigator.permission.disabled': true,
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.enabled': false,
  'app.update.disabledForTesting': true,
  'messaging-system.rsexperimentloader.enabled': false,
  'network.captive-portal-service.enabled': false,
}

/**
 * Starts Firefox headless on a fresh profile with its WebDriver BiDi endpoint on a free port (Firefox
 * prints where), and opens a session on it. `close()` quits the browser and deletes the profile.
 */
export async function launchFirefox(): Promise<EngineSession> {
  const profile = await mkdtemp(join(tmpdir(), 'voice-demo-firefox-'))
  const prefs = Object.entries(PREFS).map(
    ([key, value]) => `user_pref(${JSON.stringify(key)}, ${JSON.stringify(value)});`,
  )
  await writeFile(join(profile, 'user.js'), `${prefs.join('\n')}\n`)
  const browser = track(
    spawn(
      findFirefox(),
      ['--headless', '--no-remote', '--profile', profile, '--remote-debugging-port=0', 'about:blank'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    ),
  )
  const stop = async () => {
    await stopProcess(browser)
    await rm(profile, { recursive: true, force: true })
  }
  try {
    const url = await waitForOutput(browser, /WebDriver BiDi listening on (ws:\/\/\S+)/, 'Firefox')
    return await createBidiSession('Firefox', url, stop)
  } catch (error) {
    await stop()
    throw error
  }
}
