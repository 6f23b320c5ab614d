import { PNG } from 'pngjs'
import type { ElementRef, EngineSession, Json, PageFunction } from './engine.ts'
import { pageSource } from './engine.ts'

/**
 * An `EngineSession` over classic W3C WebDriver (JSON over HTTP), as WebKitGTK's `WebKitWebDriver`
 * speaks it: a dozen commands with `fetch`, so no client library and no driver download.
 */

/** The key under which WebDriver serialises an element reference. */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf'

type Capabilities = Record<string, unknown>

interface ScriptOutcome {
  value?: string
  element?: Record<string, string>
  error?: string
}

/** Starts a session on the driver at `driverUrl`; `stop` runs after the session ended, on `close()`. */
export async function createClassicSession(
  name: string,
  driverUrl: string,
  capabilities: Capabilities,
  stop: () => Promise<void>,
): Promise<EngineSession> {
  const created = (await send(driverUrl, 'POST', '/session', {
    capabilities: { alwaysMatch: capabilities },
  })) as {
    sessionId: string
    capabilities: { browserVersion?: string }
  }
  const base = `${driverUrl}/session/${created.sessionId}`
  const command = (method: string, path: string, body?: unknown) => send(base, method, path, body)
  // Scripts wait for the page themselves (see `run`); the driver's default of 30 s would cut a slow one.
  await command('POST', '/timeouts', { script: 120_000 })

  /**
   * Runs `source` (a page function) on the JSON argument, and an element of the page as its second when
   * given, reporting its value or error through `done`.
   */
  const execute = async (source: string, arg: Json, asElement: boolean, element?: ElementRef) => {
    const script = `const done = arguments[arguments.length - 1]
      const fn = ${source}
      Promise.resolve()
        .then(() => fn(JSON.parse(arguments[0]), arguments[1]))
        .then(
          (value) => done(${asElement ? '{ element: value }' : '{ value: JSON.stringify(value === undefined ? null : value) }'}),
          (error) => done({ error: String((error && error.stack) || error) }),
        )`
    const outcome = (await command('POST', '/execute/async', {
      script,
      args: [JSON.stringify(arg), element?.engineRef ?? null],
    })) as ScriptOutcome
    if (outcome.error !== undefined) throw new Error(`${name}: the page function threw: ${outcome.error}`)
    return outcome
  }
  const idOf = (element: ElementRef) => (element.engineRef as Record<string, string>)[ELEMENT_KEY]
  const pointer = (actions: unknown[]) =>
    command('POST', '/actions', {
      actions: [{ type: 'pointer', id: 'mouse', parameters: { pointerType: 'mouse' }, actions }],
    })

  // The same viewport as the Playwright suite's desktop project: the window is sized to make it so,
  // since WebDriver sizes windows, and the browser's own bar takes some of the height.
  const chrome = (await execute(
    pageSource(() => ({ width: outerWidth - innerWidth, height: outerHeight - innerHeight })),
    null,
    false,
  )) as { value?: string }
  const { width, height } = JSON.parse(chrome.value ?? '{}') as { width: number; height: number }
  await command('POST', '/window/rect', { width: 1280 + width, height: 800 + height })

  return {
    name,
    version: created.capabilities.browserVersion ?? 'unknown',
    async open(url) {
      await command('POST', '/url', { url })
    },
    async run<A extends Json, R>(fn: PageFunction<A, R>, arg: A) {
      const { value } = await execute(pageSource(fn), arg, false)
      return JSON.parse(value ?? 'null') as R
    },
    async element<A extends Json>(fn: PageFunction<A, Element | null>, arg: A) {
      const { element } = await execute(pageSource(fn), arg, true)
      if (!element?.[ELEMENT_KEY])
        throw new Error(`${name}: no such element (${fn.toString().slice(0, 120)})`)
      return { engineRef: element }
    },
    async click(element) {
      await command('POST', `/element/${idOf(element)}/click`)
    },
    async type(element, text) {
      await command('POST', `/element/${idOf(element)}/value`, { text })
    },
    async parkPointer() {
      await pointer([{ type: 'pointerMove', origin: 'viewport', x: 1, y: 1, duration: 0 }])
    },
    async screenshot(element) {
      // The element's border box as the page lays it out (getBoundingClientRect, which WebDriver's
      // element screenshot is defined by), cut from the viewport: WebKit's own element screenshot
      // grows to take in the element's top-layer descendants, such as the widget's toasts.
      const { value } = await execute(
        pageSource((_: null, target: Element) => {
          target.scrollIntoView({ block: 'nearest', inline: 'nearest' })
          const { left, top, right, bottom } = target.getBoundingClientRect()
          return { left, top, right, bottom }
        }),
        null,
        false,
        element,
      )
      const viewport = await command('GET', '/screenshot')
      return crop(Buffer.from(viewport as string, 'base64'), JSON.parse(value ?? '{}') as Box)
    },
    async close() {
      try {
        await command('DELETE', '')
      } finally {
        await stop()
      }
    },
  }
}

interface Box {
  left: number
  top: number
  right: number
  bottom: number
}

/** The pixels of `box` (CSS pixels, one device pixel each), widened to whole pixels. */
function crop(png: Buffer, box: Box): Buffer {
  const source = PNG.sync.read(png)
  const left = Math.max(0, Math.floor(box.left))
  const top = Math.max(0, Math.floor(box.top))
  const width = Math.min(source.width, Math.ceil(box.right)) - left
  const height = Math.min(source.height, Math.ceil(box.bottom)) - top
  if (width <= 0 || height <= 0) throw new Error(`the element's box ${JSON.stringify(box)} is off the screen`)
  const target = new PNG({ width, height })
  PNG.bitblt(source, target, left, top, width, height, 0, 0)
  return PNG.sync.write(target)
}

/**
 * One WebDriver command; a WebDriver error becomes an Error naming the command. Every POST carries a
 * JSON body, `{}` when the command takes no parameters: the driver refuses an empty one.
 */
async function send(base: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    ...(method === 'POST' && {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    }),
  })
  const payload = (await response.json()) as { value: unknown }
  if (!response.ok) {
    const { error, message } = payload.value as { error?: string; message?: string }
    throw new Error(`WebDriver ${method} ${path || '/'}: ${error}: ${message}`)
  }
  return payload.value
}
