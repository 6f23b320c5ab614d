import { setTimeout as delay } from 'node:timers/promises'

/**
 * What the journeys need of a browser, the same in every engine: Firefox over WebDriver BiDi
 * (bidi-session.ts), WebKitGTK over classic WebDriver (classic-session.ts). Deliberately small: open a
 * page, run a function in it, and act as a visitor does (click, type, move the pointer away), plus
 * screenshots of one element.
 */

/** Plain data that crosses into the page and back as JSON. */
export type Json = string | number | boolean | null | Json[] | { [key: string]: Json }

/** An element of the page, as the engine's protocol refers to it. Opaque to the journeys. */
export interface ElementRef {
  readonly engineRef: unknown
}

/**
 * A function the engine runs in the page: it must be self-contained (its source is sent, not its
 * closure), takes one JSON argument and may return a promise. What it returns crosses back through
 * `JSON.stringify`, so its type must be plain data (an interface of strings, numbers, arrays…): the
 * type is not checked against `Json`, since interfaces have no index signature.
 */
export type PageFunction<A extends Json, R> = (arg: A) => R | Promise<R>

export interface EngineSession {
  /** 'Firefox' or 'WebKit', and the browser's own version string. */
  readonly name: string
  readonly version: string
  /** Navigates and resolves once the page's `load` event has fired. */
  open(url: string): Promise<void>
  /** Runs `fn(arg)` in the page and resolves with its result, through JSON. */
  run<A extends Json, R>(fn: PageFunction<A, R>, arg: A): Promise<R>
  /** The element `fn(arg)` returns; rejects when it returns null. */
  element<A extends Json>(fn: PageFunction<A, Element | null>, arg: A): Promise<ElementRef>
  /** A real click at the element's centre (pointer move, press, release), as the protocol dispatches it. */
  click(element: ElementRef): Promise<void>
  /** Focuses the element by clicking it, then types `text` key by key. */
  type(element: ElementRef, text: string): Promise<void>
  /** Moves the pointer to the page's top left corner, so no hover style is in a screenshot. */
  parkPointer(): Promise<void>
  /** A PNG of the element's box, at one device pixel per CSS pixel. */
  screenshot(element: ElementRef): Promise<Buffer>
  /** Ends the session and stops the browser and everything started for it. */
  close(): Promise<void>
}

/**
 * The source of `fn` for the page. tsx (esbuild with names kept) wraps named functions in
 * `__name(…)`, a helper that exists in Node but not in the page: it is defined here as a no-op.
 */
export const pageSource = (fn: (...args: never[]) => unknown): string =>
  `(() => { const __name = (f) => f; return (${fn.toString()}) })()`

/** How long a journey waits for something a visitor would see: long enough for a busy 2-core machine. */
export const WAIT_MS = 30_000
const POLL_MS = 100

/**
 * Waits until `fn(arg)` returns a truthy value in the page and resolves with it. Polled, not slept:
 * it returns as soon as the condition holds, and fails with `what` (and the last value) at `timeout`.
 */
export async function waitFor<A extends Json, R>(
  session: EngineSession,
  what: string,
  fn: PageFunction<A, R>,
  arg: A,
  timeout = WAIT_MS,
): Promise<NonNullable<R>> {
  const deadline = Date.now() + timeout
  for (;;) {
    const value = await session.run(fn, arg)
    if (value) return value as NonNullable<R>
    if (Date.now() > deadline) {
      throw new Error(
        `${session.name}: waited ${timeout / 1000} s for ${what} (last: ${JSON.stringify(value)})`,
      )
    }
    await delay(POLL_MS)
  }
}

/** Like `waitFor`, for a condition checked in Node (e.g. a screenshot compared with another). */
export async function waitUntil<R>(
  what: string,
  check: () => Promise<{ ok: boolean; value: R }>,
  timeout = WAIT_MS,
): Promise<R> {
  const deadline = Date.now() + timeout
  for (;;) {
    const { ok, value } = await check()
    if (ok) return value
    if (Date.now() > deadline)
      throw new Error(`waited ${timeout / 1000} s for ${what} (last: ${JSON.stringify(value)})`)
    await delay(POLL_MS)
  }
}
