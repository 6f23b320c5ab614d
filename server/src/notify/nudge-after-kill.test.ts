import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { openEmbeddedDatabase } from '../db/open-embedded-database.ts'
import { REPO_ROOT } from '../start-server.ts'
import { type FakeNotifyWebhook, startFakeNotifyWebhook } from '../testing/fake-notify-webhook.ts'
import { loadReport, readOutbox, TEST_WEBHOOK_SECRET } from '../testing/nudge-test-app.ts'

// The real Node server in a process of its own, killed (SIGKILL: no clean-up runs) while it sends a
// nudge, then started again on the same data directory: the nudge must reach the chat exactly once.

let dataDir: string
let webhook: FakeNotifyWebhook
const running: ChildProcess[] = []
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'nudge-after-kill-'))
  webhook = await startFakeNotifyWebhook()
})
afterAll(async () => {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  await webhook.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** `npm run serve` on the data directory with a free port; resolves with its URL once it is ready. */
async function startServerProcess(): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/node.ts'], {
    cwd: REPO_ROOT,
    // Only what this test sets: no database, voice or video settings from the shell.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      ENV_FILE: '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      VAPI_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      NOTIFY_WEBHOOK_URL: webhook.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.push(child)
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Ready at (http:\/\/\S+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    }
    child.stdout?.on('data', read)
    child.stderr?.on('data', read)
    child.once('exit', (code) =>
      reject(new Error(`the server exited (${code}) before it was ready:\n${output}`)),
    )
  })
  return { url, child }
}

it('sends a nudge the server was sending when it was killed exactly once, after a restart', async () => {
  // The chat takes the request but never answers: the server is mid-send when it dies.
  webhook.answerWith({ hang: true })
  const first = await startServerProcess()
  const res = await fetch(`${first.url}/api/webhooks/vapi`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Vapi-Secret': TEST_WEBHOOK_SECRET },
    body: JSON.stringify(loadReport('end-of-call-report-web-call')),
  })
  expect(await res.json()).toEqual({ stored: true, duplicate: false })
  await webhook.waitForRequests(1)
  const exited = once(first.child, 'exit')
  first.child.kill('SIGKILL')
  await exited
  expect(webhook.delivered()).toEqual([])

  // Back up, the chat answering again: the nudge goes out at the start, not after its lease.
  webhook.answerWith({ status: 200, body: 'ok' })
  const second = await startServerProcess()
  await webhook.waitForRequests(2)
  const stopped = once(second.child, 'exit')
  second.child.kill('SIGTERM')
  await stopped

  // Without SITE_URL, the link is on the address the server printed (the first one's port: the nudge
  // was written then).
  const text =
    'Dr. Maya Patel (Bright Smile Dental) talked to their agent for 1 min 2 s (no owner) ' +
    `<${first.url}/_/prospects/bright-smile-dental|See their activity>`
  expect(webhook.delivered()).toEqual([text])
  expect(webhook.requests).toHaveLength(2)
  // Recorded as sent, so no later drain sends it again.
  const database = await openEmbeddedDatabase(dataDir)
  try {
    const rows = await readOutbox(database.db)
    expect(rows.map(({ kind, text, attempts }) => ({ kind, text, attempts }))).toEqual([
      { kind: 'talked', text, attempts: 1 },
    ])
    expect(rows[0]?.sent_at).toBeInstanceOf(Date)
  } finally {
    await database.close()
  }
}, 180_000)
