import type { Page } from '@playwright/test'

/**
 * Counts what the widget leaves running in a page, installed before any page script (`addInitScript`).
 *
 * Attribution is by call stack: a timer, animation frame or listener counts as the widget's when
 * `widget.mjs`, `widget.js` or a `widget-chunks/` file (which hold daily-js and the Vapi SDK too) is on the stack that
 * created it. What this can see: `setTimeout` / `setInterval` not yet fired or cleared, animation
 * frames requested, and `addEventListener` without a matching `removeEventListener` (nor `once` fired,
 * nor `signal` aborted) on targets that outlive the widget: `window`, `document`, connected nodes,
 * `navigator.mediaDevices`, media queries. Listeners on the widget's own nodes and objects (its shadow
 * tree, a worker, an AudioContext) go with them and are not counted; `onmessage = …` style handlers and
 * the Daily call machine's own code (loaded from Daily's CDN) are invisible to it. Microphone tracks and
 * AudioContexts are counted whoever opened them: after the call nothing may still hold the microphone.
 */

export interface LeakReport {
  /** Widget timers still pending, with the top of the stack that set them. */
  timers: string[]
  /** Widget listeners still registered on long-lived targets: `target type`. */
  listeners: string[]
  /** Animation frames the widget requested since `resetFrames`. */
  frames: number
  /** Microphone (or camera) tracks from getUserMedia still live. */
  liveTracks: number
  /** AudioContexts not closed. */
  openAudioContexts: number
}

interface Probe {
  read(): LeakReport
  resetFrames(): void
}

export async function installLeakProbe(page: Page): Promise<void> {
  await page.addInitScript(() => {
    Error.stackTraceLimit = 100
    const WIDGET = /\/(widget\.m?js|widget-chunks\/)/
    const widgetStack = (): string | null => {
      const stack = new Error().stack ?? ''
      if (!WIDGET.test(stack)) return null
      // The first frame in widget code says where the thing was created.
      return (
        stack
          .split('\n')
          .find((line) => WIDGET.test(line))
          ?.trim() ?? ''
      )
    }

    const timers = new Map<number, string>()
    const { setTimeout: setT, setInterval: setI, clearTimeout: clearT, clearInterval: clearI } = window
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      const where = widgetStack()
      if (where === null || typeof handler !== 'function') return setT(handler, delay, ...args)
      const id = setT(
        (...callArgs: unknown[]) => {
          timers.delete(id)
          handler(...callArgs)
        },
        delay,
        ...args,
      )
      timers.set(id, `timeout ${delay ?? 0} ms ${where}`)
      return id
    }) as typeof setTimeout
    window.setInterval = ((handler: TimerHandler, delay?: number, ...args: unknown[]) => {
      const id = setI(handler, delay, ...args)
      const where = widgetStack()
      if (where !== null) timers.set(id, `interval ${delay ?? 0} ms ${where}`)
      return id
    }) as typeof setInterval
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) timers.delete(id)
      clearT(id)
    }) as typeof clearTimeout
    window.clearInterval = ((id?: number) => {
      if (id !== undefined) timers.delete(id)
      clearI(id)
    }) as typeof clearInterval

    let frames = 0
    const requestFrame = window.requestAnimationFrame.bind(window)
    window.requestAnimationFrame = (callback) => {
      if (widgetStack() !== null) frames++
      return requestFrame(callback)
    }

    type Entry = { target: EventTarget; type: string; listener: unknown; capture: boolean; where: string }
    const listeners: Entry[] = []
    const proto = EventTarget.prototype
    const add = proto.addEventListener
    const remove = proto.removeEventListener
    const captureOf = (options?: boolean | EventListenerOptions) =>
      typeof options === 'boolean' ? options : Boolean(options?.capture)
    const find = (target: EventTarget, type: string, listener: unknown, capture: boolean) =>
      listeners.findIndex(
        (e) => e.target === target && e.type === type && e.listener === listener && e.capture === capture,
      )
    proto.addEventListener = function (this: EventTarget, type, listener, options) {
      add.call(this, type, listener, options)
      const where = listener ? widgetStack() : null
      const capture = captureOf(options)
      if (where === null || find(this, type, listener, capture) >= 0) return
      const entry: Entry = { target: this, type, listener, capture, where }
      listeners.push(entry)
      const drop = () => {
        const index = listeners.indexOf(entry)
        if (index >= 0) listeners.splice(index, 1)
      }
      if (typeof options === 'object' && options.once) add.call(this, type, drop, { once: true, capture })
      if (typeof options === 'object' && options.signal) add.call(options.signal, 'abort', drop)
    }
    proto.removeEventListener = function (this: EventTarget, type, listener, options) {
      remove.call(this, type, listener, options)
      const index = find(this, type, listener, captureOf(options))
      if (index >= 0) listeners.splice(index, 1)
    }

    const tracks: MediaStreamTrack[] = []
    const getUserMedia = MediaDevices.prototype.getUserMedia
    MediaDevices.prototype.getUserMedia = async function (this: MediaDevices, constraints) {
      const stream = await getUserMedia.call(this, constraints)
      tracks.push(...stream.getTracks())
      return stream
    }
    const contexts: AudioContext[] = []
    const NativeAudioContext = window.AudioContext
    window.AudioContext = class extends NativeAudioContext {
      constructor(options?: AudioContextOptions) {
        super(options)
        contexts.push(this)
      }
    }

    const longLived = (target: EventTarget) =>
      target === window ||
      target === document ||
      // A node of the page's own (light) DOM; nodes in shadow trees are a widget's own, and go with it.
      (target instanceof Node && target.isConnected && !(target.getRootNode() instanceof ShadowRoot)) ||
      target === navigator.mediaDevices ||
      target instanceof MediaQueryList
    const describe = (target: EventTarget) =>
      target === window ? 'window' : target === document ? 'document' : target.constructor.name

    const probe: Probe = {
      read: () => ({
        timers: [...timers.values()],
        listeners: listeners
          .filter((entry) => longLived(entry.target))
          .map((entry) => `${describe(entry.target)} ${entry.type} ${entry.where}`),
        frames,
        liveTracks: tracks.filter((track) => track.readyState === 'live').length,
        openAudioContexts: contexts.filter((context) => context.state !== 'closed').length,
      }),
      resetFrames: () => {
        frames = 0
      },
    }
    Object.defineProperty(window, '__leakProbe', { value: probe })
  })
}

const probeOf = (page: Page) =>
  page.evaluateHandle(() => (window as unknown as { __leakProbe: Probe }).__leakProbe)

export const readLeaks = async (page: Page): Promise<LeakReport> =>
  (await probeOf(page)).evaluate((probe) => probe.read())

export const resetFrameCount = async (page: Page): Promise<void> =>
  (await probeOf(page)).evaluate((probe) => probe.resetFrames())

/** Nothing of the widget's left: no pending timer, listener, animation frame, microphone or audio graph. */
export const NO_LEAKS: LeakReport = {
  timers: [],
  listeners: [],
  frames: 0,
  liveTracks: 0,
  openAudioContexts: 0,
}
