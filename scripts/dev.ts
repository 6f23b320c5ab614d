/**
 * `npm run dev`: the development loop in one command, on the embedded database.
 *
 * - widget: `vite build --watch` of the widget, so `dist/widget` follows every save (the site loads it
 *   as a partner page would, by its script tag, never from source);
 * - api: the server under `tsx watch`, restarted when its code or an agent template changes;
 * - site: Vite's dev server with hot reload, proxying `/api` and the widget's files to the server.
 *
 * Output is prefixed by part. Ctrl-C (or SIGTERM) stops all three; if one part exits by itself the
 * others are stopped too, so the loop never runs half-alive.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'

const repoRoot = fileURLToPath(new URL('..', import.meta.url))
const bin = (name: string) => fileURLToPath(new URL(`../node_modules/.bin/${name}`, import.meta.url))

interface Part {
  name: string
  command: string
  args: string[]
  color: number
}

const PARTS: Part[] = [
  {
    name: 'widget',
    command: bin('vite'),
    args: ['build', '-c', 'vite.widget.config.ts', '--watch'],
    color: 35,
  },
  {
    name: 'api',
    command: bin('tsx'),
    // The agent templates are read at start: an edited template restarts the server too.
    args: ['watch', '--clear-screen=false', '--include', 'agent-templates/*.md', 'server/src/node.ts'],
    color: 36,
  },
  {
    name: 'site',
    command: bin('vite'),
    args: ['-c', 'vite.site.config.ts', '--host', '127.0.0.1'],
    color: 32,
  },
]

const useColor = process.stdout.isTTY === true
const label = (part: Part) => {
  const text = `[${part.name}]`.padEnd(9)
  return useColor ? `\x1b[${part.color}m${text}\x1b[0m` : text
}

const children = new Map<Part, ChildProcess>()
let stopping = false

function stopAll(exitCode: number): void {
  if (stopping) return
  stopping = true
  for (const child of children.values()) if (child.exitCode === null) child.kill('SIGTERM')
  process.exitCode = exitCode
}

for (const part of PARTS) {
  const child = spawn(part.command, part.args, {
    cwd: repoRoot,
    // The server's log lines are read by a person here: pretty unless LOG_FORMAT says otherwise.
    env: { LOG_FORMAT: 'pretty', ...process.env, FORCE_COLOR: useColor ? '1' : '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.set(part, child)
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => console.log(`${label(part)} ${line}`))
  }
  child.on('exit', (code, signal) => {
    children.delete(part)
    if (!stopping) {
      console.log(`${label(part)} stopped (${signal ?? `exit ${code}`}); stopping the others`)
      stopAll(code || 1)
    }
    if (children.size === 0) process.exit()
  })
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(0))
