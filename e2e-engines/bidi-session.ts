import type { ElementRef, EngineSession, Json, PageFunction } from './engine.ts'
import { pageSource } from './engine.ts'
import { openWebSocket, type WebSocketConnection } from './websocket.ts'

/**
 * An `EngineSession` over WebDriver BiDi (JSON over a WebSocket), as Firefox speaks it natively
 * (`--remote-debugging-port`): the handful of commands the journeys use, over `ws` (websocket.ts), so
 * no WebDriver client library and no geckodriver.
 */

interface BidiResponse {
  id?: number
  type: 'success' | 'error' | 'event'
  result?: unknown
  error?: string
  message?: string
}

/** A script result as BiDi serialises it: a string (our JSON), a node, or an exception. */
interface ScriptResult {
  type: 'success' | 'exception'
  result?: { type: string; value?: unknown; sharedId?: string }
  exceptionDetails?: { text: string; stackTrace?: unknown }
}

type Send = (method: string, params: Record<string, unknown>) => Promise<unknown>

/** Connects to the BiDi endpoint `webSocketUrl` (ws://host:port) and starts a session. */
export async function createBidiSession(
  name: string,
  webSocketUrl: string,
  stop: () => Promise<void>,
): Promise<EngineSession> {
  const socket = await openWebSocket(`${webSocketUrl}/session`)
  const send = connect(socket)
  const session = (await send('session.new', { capabilities: {} })) as {
    capabilities: { browserVersion: string }
  }
  const tree = (await send('browsingContext.getTree', {})) as { contexts: { context: string }[] }
  const context = tree.contexts[0]?.context
  if (!context) throw new Error(`${name}: the browser has no tab`)
  // The same viewport as the Playwright suite's desktop project, at one device pixel per CSS pixel.
  await send('browsingContext.setViewport', {
    context,
    viewport: { width: 1280, height: 800 },
    devicePixelRatio: 1,
  })

  const call = async (source: string, args: unknown[]) => {
    const outcome = (await send('script.callFunction', {
      functionDeclaration: source,
      arguments: args,
      target: { context },
      awaitPromise: true,
      serializationOptions: { maxDomDepth: 0 },
    })) as ScriptResult
    if (outcome.type === 'exception') {
      throw new Error(`${name}: the page function threw: ${outcome.exceptionDetails?.text}`)
    }
    return outcome.result
  }
  const nodeOf = (element: ElementRef) => element.engineRef as { sharedId: string }
  const perform = (actions: unknown[]) => send('input.performActions', { context, actions })
  const click = async (element: ElementRef) => {
    // Unlike classic WebDriver's element click, an action does not scroll: the element comes into view first.
    await call('(element) => element.scrollIntoView({ block: "nearest", inline: "nearest" })', [
      nodeOf(element),
    ])
    await perform([
      {
        type: 'pointer',
        id: 'mouse',
        parameters: { pointerType: 'mouse' },
        actions: [
          { type: 'pointerMove', x: 0, y: 0, origin: { type: 'element', element: nodeOf(element) } },
          { type: 'pointerDown', button: 0 },
          { type: 'pointerUp', button: 0 },
        ],
      },
    ])
  }

  return {
    name,
    version: session.capabilities.browserVersion,
    async open(url) {
      await send('browsingContext.navigate', { context, url, wait: 'complete' })
    },
    async run<A extends Json, R>(fn: PageFunction<A, R>, arg: A) {
      const result = await call(
        `async (arg) => { const value = await (${pageSource(fn)})(JSON.parse(arg)); return JSON.stringify(value === undefined ? null : value) }`,
        [{ type: 'string', value: JSON.stringify(arg) }],
      )
      return JSON.parse(String(result?.value ?? 'null')) as R
    },
    async element<A extends Json>(fn: PageFunction<A, Element | null>, arg: A) {
      const result = await call(`async (arg) => (${pageSource(fn)})(JSON.parse(arg))`, [
        { type: 'string', value: JSON.stringify(arg) },
      ])
      if (result?.type !== 'node' || !result.sharedId) {
        throw new Error(`${name}: no such element (${fn.toString().slice(0, 120)})`)
      }
      return { engineRef: { sharedId: result.sharedId } }
    },
    click,
    async type(element, text) {
      await click(element)
      const keys = [...text].flatMap((value) => [
        { type: 'keyDown', value },
        { type: 'keyUp', value },
      ])
      await perform([{ type: 'key', id: 'keyboard', actions: keys }])
    },
    async parkPointer() {
      await perform([
        {
          type: 'pointer',
          id: 'mouse',
          parameters: { pointerType: 'mouse' },
          actions: [{ type: 'pointerMove', x: 1, y: 1, origin: 'viewport' }],
        },
      ])
    },
    async screenshot(element) {
      const { data } = (await send('browsingContext.captureScreenshot', {
        context,
        clip: { type: 'element', element: nodeOf(element) },
      })) as { data: string }
      return Buffer.from(data, 'base64')
    },
    async close() {
      try {
        // Ends the session and quits the browser; the connection closes with it.
        await send('browser.close', {})
      } catch {
        // Already gone: `stop` makes sure of it.
      } finally {
        socket.close()
        await stop()
      }
    },
  }
}

/** Numbers each command and settles it with its response; a closed socket fails what is pending. */
function connect(socket: WebSocketConnection): Send {
  let lastId = 0
  const pending = new Map<
    number,
    { resolve(value: unknown): void; reject(error: Error): void; method: string }
  >()
  socket.onMessage((data) => {
    const message = JSON.parse(data) as BidiResponse
    const waiting = message.id === undefined ? undefined : pending.get(message.id)
    if (!waiting || message.id === undefined) return // an event: none is subscribed to
    pending.delete(message.id)
    if (message.type === 'error')
      waiting.reject(new Error(`BiDi ${waiting.method}: ${message.error}: ${message.message}`))
    else waiting.resolve(message.result)
  })
  let closed = false
  socket.onClose(() => {
    closed = true
    for (const { reject, method } of pending.values())
      reject(new Error(`BiDi ${method}: the connection closed`))
    pending.clear()
  })
  return (method, params) =>
    new Promise((resolve, reject) => {
      if (closed) return reject(new Error(`BiDi ${method}: the connection is closed`))
      const id = ++lastId
      pending.set(id, { resolve, reject, method })
      socket.send(JSON.stringify({ id, method, params }))
    })
}
