import { randomUUID } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import autocannon from 'autocannon'
import { startProduct } from '../start-product.ts'
import { formatColumns } from './report.ts'

export const TOOLS_RESULTS_FILE = 'bench-results/tools.json'

/** The requirement: a tool call answered in ≤ 100 ms at p99, at 50 tool calls a second. */
const STEADY = { rate: 50, seconds: 20, p99Limit: 100 }
const WARM_UP_SECONDS = 5
const CONNECTIONS = 10
const SECRET = 'bench-vapi-webhook-secret-0123456789'
/** A conversation's few tool calls, in order: each call id makes these, then a new call begins. */
const CONVERSATION = ['check_availability', 'take_message', 'book_appointment', 'hand_over'] as const
const SLUGS = ['bright-smile-dental', 'harbor-realty']

/** Request `n`'s tool-calls message: calls of their own, their tools in a conversation's order. */
function messageFor(n: number, run: string, start: string) {
  const conversation = Math.floor(n / CONVERSATION.length)
  const tool = CONVERSATION[n % CONVERSATION.length] as (typeof CONVERSATION)[number]
  const args =
    tool === 'check_availability'
      ? {}
      : tool === 'take_message'
        ? { name: 'Bench Caller', message: 'Please call me back.', phone: '555 0100' }
        : tool === 'book_appointment'
          ? { name: 'Bench Caller', start, reason: 'check-up' }
          : { reason: 'Asked for a person' }
  return JSON.stringify({
    message: {
      type: 'tool-calls',
      call: {
        id: `bench-${run}-${conversation}`,
        type: 'webCall',
        assistantOverrides: {
          metadata: {
            prospectSlug: SLUGS[conversation % SLUGS.length],
            visitId: `bench-visit-${run.slice(0, 8)}-${conversation}`,
            source: 'browser',
          },
        },
      },
      toolCallList: [
        { id: `bench-${run}-${n}`, type: 'function', function: { name: tool, arguments: args } },
      ],
    },
  })
}

/** A time the demo calendar offers: the first free one, as the tool answers it. */
async function firstFreeTime(origin: string): Promise<string> {
  const res = await fetch(`${origin}/api/webhooks/vapi`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Vapi-Secret': SECRET },
    body: messageFor(0, randomUUID(), ''),
  })
  const answer = (await res.json()) as { results: { result: string }[] }
  const start = /\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2})\)/.exec(answer.results[0]?.result ?? '')?.[1]
  if (!start) throw new Error(`the demo calendar offered no time: ${JSON.stringify(answer)}`)
  return start
}

async function load(origin: string, seconds: number, start: string) {
  const run = randomUUID()
  let n = 0
  let spoken = 0
  const result = await autocannon({
    url: `${origin}/api/webhooks/vapi`,
    connections: CONNECTIONS,
    overallRate: STEADY.rate,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => ({
          ...request,
          headers: { 'content-type': 'application/json', 'x-vapi-secret': SECRET },
          body: messageFor(n++, run, start),
        }),
        onResponse: (status, body) => {
          if (status === 200 && (JSON.parse(body) as { results: { result: string }[] }).results[0]?.result)
            spoken++
        },
      },
    ],
  })
  return {
    achieved: Math.round(result.requests.total / seconds),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts + result.non2xx,
    spoken,
  }
}

/**
 * `npm run bench tools`: the demo agent's tool calls as the voice platform sends them (`tool-calls`
 * messages on `POST /api/webhooks/vapi`), on loopback, the Node server on the embedded database (or
 * PostgreSQL with `--postgres`): 50 a second for 20 s after 5 s of warm-up, each call id making a
 * conversation's four (look up times, take a message, book, hand over), so every one is checked,
 * kept and counted as in a demo. Writes bench-results/tools.json. Resolves whether p99 ≤ 100 ms held
 * with no errors.
 */
export async function runToolsBench(): Promise<boolean> {
  console.log(
    `Tool calls benchmark: ${STEADY.rate} tool calls/s for ${STEADY.seconds} s after ${WARM_UP_SECONDS} s ` +
      `of warm-up, autocannon with ${CONNECTIONS} connections, on this machine\n`,
  )
  const product = await startProduct('voice-demo-bench-tools-', { VAPI_WEBHOOK_SECRET: SECRET })
  try {
    const start = await firstFreeTime(product.url)
    await load(product.url, WARM_UP_SECONDS, start)
    const steady = await load(product.url, STEADY.seconds, start)
    const held = steady.p99 <= STEADY.p99Limit && steady.errors === 0
    console.log(
      formatColumns([
        ['load', 'achieved', 'p50', 'p99', 'max', 'errors', 'verdict'],
        [
          `${STEADY.rate}/s × ${STEADY.seconds} s`,
          `${steady.achieved}/s`,
          `${steady.p50} ms`,
          `${steady.p99} ms`,
          `${steady.max} ms`,
          String(steady.errors),
          `${held ? 'PASS' : 'FAIL'} p99 ≤ ${STEADY.p99Limit} ms, no errors`,
        ],
      ]).join('\n'),
    )
    await mkdir('bench-results', { recursive: true })
    await writeFile(
      TOOLS_RESULTS_FILE,
      `${JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, steady: { ...STEADY, ...steady } }, null, 2)}\n`,
    )
    console.log(`\nEvery figure: ${TOOLS_RESULTS_FILE}`)
    return held
  } finally {
    await product.stop()
  }
}
