/**
 * `npm run test:engines [-- firefox|webkit]`: the widget's key journeys in Firefox (WebDriver BiDi)
 * and WebKitGTK (classic WebDriver under Xvfb), in parallel, one process each (Node's test runner).
 * Builds nothing: it runs the last `npm run build`. The product is started as e2e/global-setup.ts
 * starts it (the built server on a free port with a temporary database, voice calls against a loopback
 * fake of Vapi's API), once for both engines, and stopped when they are done, whatever happened.
 */
import { existsSync } from 'node:fs'
import { NO_VIDEO_ENV } from '../e2e/fakes/fake-video-webhook.ts'
import { voiceEnv } from '../e2e/fakes/voice-platform.ts'
import { exitWith, runNodeTests } from '../scripts/run-node-tests.ts'
import { startProduct } from '../scripts/start-product.ts'
import { numberedWebCall, startFakeVapiApi } from '../widget/src/voice/testing/fake-vapi-api.ts'
import { findFirefox } from './firefox.ts'
import { checkWebKit } from './webkit.ts'

const ENGINES = { firefox: findFirefox, webkit: checkWebKit } as const
type Engine = keyof typeof ENGINES

function chooseEngines(args: string[]): Engine[] {
  const unknown = args.filter((arg) => !(arg in ENGINES))
  if (unknown.length > 0)
    throw new Error(`Unknown engine ${unknown.join(', ')}: use ${Object.keys(ENGINES).join(' or ')}.`)
  return args.length > 0 ? (args as Engine[]) : (Object.keys(ENGINES) as Engine[])
}

async function main(): Promise<number> {
  const engines = chooseEngines(process.argv.slice(2))
  // Before anything starts: a missing browser is a setup problem with its own message.
  for (const engine of engines) ENGINES[engine]()
  if (!existsSync('dist/widget/widget.mjs')) throw new Error('No build in dist/: run `npm run build` first.')

  const vapi = await startFakeVapiApi()
  // A room per call: the engines' calls run at once, and each finds its own by the room it joined.
  vapi.answerWith((callNumber) => ({ status: 201, body: numberedWebCall(callNumber) }))
  try {
    const product = await startProduct('voice-demo-engines-', { ...voiceEnv(vapi.url), ...NO_VIDEO_ENV })
    try {
      // One process per engine file, and beside them the tests of the BiDi client's WebSocket and of
      // the screenshot comparison (a second each).
      const files = [
        ...engines.map((engine) => `e2e-engines/${engine}.test.ts`),
        'e2e-engines/pixels.test.ts',
      ]
      return await runNodeTests(files, { ENGINES_API_URL: product.url, E2E_VAPI_API_URL: vapi.url })
    } finally {
      await product.stop()
    }
  } finally {
    await vapi.close()
  }
}

exitWith(main)
