import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHONE_CALL_PATH } from '#core/phone-call.ts'
import { loadServerConfig } from './config.ts'
import { type RunningServer, startServer } from './start-server.ts'
import type { StaticDirs } from './static/static-files.ts'
import { startFakeVapiServer } from './testing/fake-vapi-server.ts'

/**
 * Every answer tells the truth about the write, however many requests arrive at once: the Node server
 * on its embedded database, as `npm start` runs it, under a burst of the size an outside probe sent.
 * Nothing here has a deadline: the requests queue for the one database and each is answered for
 * what it did. (Sign-ins at once: reps/sign-in-burst.test.ts; on PostgreSQL and the edge:
 * postgres-servers.test.ts and edge-deno.test.ts.)
 */
const LIMIT = 40

let root: string
let server: RunningServer
let vapi: Awaited<ReturnType<typeof startFakeVapiServer>>

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'answers-under-load-'))
  writeFileSync(join(root, 'widget.mjs'), '/* core */')
  const dirs: StaticDirs = { siteDir: join(root, 'site'), widgetDir: root, embedDemoDir: root }
  const env = {
    PORT: '0',
    DATA_DIR: join(root, 'data'),
    VAPI_PRIVATE_KEY: 'sk-private-key-0123',
    VAPI_PHONE_NUMBER_ID: 'pn-1',
    VAPI_ASSISTANT_ID: 'asst-1',
    PHONE_LIMIT_PER_PROSPECT_DAILY: String(LIMIT),
    PHONE_LIMIT_PER_IP_HOURLY: '1000',
    PHONE_LIMIT_GLOBAL_DAILY: '1000',
  }
  vapi = await startFakeVapiServer()
  server = await startServer(loadServerConfig({ ...env, VAPI_API_URL: vapi.url }), dirs)
}, 120_000)
afterAll(async () => {
  await server?.close()
  await vapi?.close()
  rmSync(root, { recursive: true, force: true })
})

/** How many answers had each status. */
function countStatuses(answers: readonly Response[]): Record<number, number> {
  const counts: Record<number, number> = {}
  for (const res of answers) counts[res.status] = (counts[res.status] ?? 0) + 1
  return counts
}

describe('the Node server on its embedded database, under a burst', () => {
  it('places exactly the limit of 300 phone requests at once and answers every other one 429', async () => {
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        fetch(`${server.url}${PHONE_CALL_PATH}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            slug: 'harbor-realty',
            country: 'US',
            number: `(201) 555-${String(1000 + i)}`,
            idempotencyKey: `node-burst-${String(i).padStart(8, '0')}`,
          }),
        }),
      ),
    )
    expect(countStatuses(answers)).toEqual({ 200: LIMIT, 429: 300 - LIMIT })
    expect(vapi.calls()).toHaveLength(LIMIT)
  }, 600_000)
})
