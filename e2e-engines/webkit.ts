import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import type { Readable } from 'node:stream'
import { setTimeout as delay } from 'node:timers/promises'
import { createClassicSession } from './classic-session.ts'
import type { EngineSession } from './engine.ts'
import { stopProcess, track, waitForOutput } from './processes.ts'

/** Debian's packages: `webkit2gtk-driver` (the driver, which starts MiniBrowser) and `xvfb`. */
const DRIVER = '/usr/bin/WebKitWebDriver'
const XVFB = '/usr/bin/Xvfb'

/**
 * MiniBrowser's options for the session (WebKitGTK's own settings, `MiniBrowser --help-websettings`):
 * `--automation` first, since these replace the driver's defaults; a mock microphone, which a
 * session under automation is granted without a prompt; WebRTC, which Safari always has.
 */
const BROWSER_ARGS = [
  '--automation',
  '--enable-media-stream=true',
  '--enable-mock-capture-devices=true',
  '--enable-webrtc=true',
]

/** The WebKitGTK tools are there, or the error says which packages bring them. */
export function checkWebKit(): void {
  const missing = [DRIVER, XVFB].filter((path) => !existsSync(path))
  if (missing.length > 0) {
    throw new Error(
      `Missing ${missing.join(' and ')}. Install them with \`apt-get install -y webkit2gtk-driver xvfb\` (Debian).`,
    )
  }
}

/**
 * Starts an X server of its own (Xvfb picks a free display and says which), WebKitWebDriver on a free
 * port of that display, and a session, which opens MiniBrowser. `close()` ends the session and stops
 * the driver and the X server.
 */
export async function launchWebKit(): Promise<EngineSession> {
  checkWebKit()
  const started: ChildProcess[] = []
  const stop = async () => {
    for (const child of started.reverse()) await stopProcess(child)
  }
  try {
    const xvfb = track(
      spawn(XVFB, ['-displayfd', '3', '-screen', '0', '1600x1200x24', '-nolisten', 'tcp'], {
        stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
      }),
    )
    started.push(xvfb)
    const display = await readDisplay(xvfb)
    const driverUrl = await startDriver(display, started)
    const session = await createClassicSession(
      'WebKit',
      driverUrl,
      { 'webkitgtk:browserOptions': { args: BROWSER_ARGS } },
      stop,
    )
    return session
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * WebKitWebDriver on a port that was free a moment before: should something else take it meanwhile (the
 * machine runs other work), the driver exits at once, and another port is tried.
 */
async function startDriver(display: string, started: ChildProcess[]): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const port = await findFreePort()
    const driver = track(
      spawn(DRIVER, [`--port=${port}`], {
        env: { ...process.env, DISPLAY: `:${display}` },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    )
    started.push(driver)
    const driverUrl = `http://127.0.0.1:${port}`
    try {
      await waitForDriver(driver, driverUrl)
      return driverUrl
    } catch (error) {
      if (driver.exitCode === null || attempt === 3) throw error
    }
  }
}

/** Xvfb writes the display number it took to the descriptor given with `-displayfd`. */
function readDisplay(xvfb: ChildProcess): Promise<string> {
  return waitForOutput(xvfb, /^(\d+)\n/, 'Xvfb', [xvfb.stdio[3] as Readable, xvfb.stderr])
}

/** A port nothing listens on now (the OS picks it); the driver takes it a moment later. */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      )
    })
  })
}

/** Polls the driver's `/status` until it says it is ready; fails if the driver exits or after a minute. */
async function waitForDriver(driver: ChildProcess, driverUrl: string): Promise<void> {
  let output = ''
  driver.stdout?.on('data', (chunk: Buffer) => (output += chunk))
  driver.stderr?.on('data', (chunk: Buffer) => (output += chunk))
  const deadline = Date.now() + 60_000
  while (driver.exitCode === null && Date.now() < deadline) {
    try {
      const status = (await (await fetch(`${driverUrl}/status`)).json()) as { value?: { ready?: boolean } }
      if (status.value?.ready) return
    } catch {
      // Not listening yet.
    }
    await delay(100)
  }
  throw new Error(`WebKitWebDriver did not get ready (exit code ${driver.exitCode})\n${output}`)
}
