// `npm test`'s step that runs two npm scripts at once (the integration suites beside the end-to-end
// tests): most of what the integration suites do is wait on processes of their own, which leaves the
// cores to the browsers meanwhile. Each line is printed whole with its script's name in front, and the
// step fails when either script fails, after both have finished (a failure in one does not hide the
// other's). Plain JavaScript: nothing compiles this file.
import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'

const names = process.argv.slice(2)
if (names.length === 0) {
  console.error('Usage: node scripts/run-beside.mjs <npm script> <npm script> …')
  process.exit(2)
}

const width = Math.max(...names.map((name) => name.length))
const runs = names.map(
  (name) =>
    new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] })
      const prefix = `${name.padEnd(width)} │ `
      for (const [stream, out] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ]) {
        createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`))
      }
      const started = Date.now()
      child.on('close', (code, signal) => {
        const took = ((Date.now() - started) / 1000).toFixed(0)
        const result = code === 0 ? 'passed' : `failed (${signal ?? `exit code ${code}`})`
        console.log(`${prefix}npm run ${name} ${result} in ${took} s`)
        resolve(code === 0)
      })
    }),
)
const passed = await Promise.all(runs)
process.exitCode = passed.every(Boolean) ? 0 : 1
