import { spawn } from 'node:child_process'

/**
 * Node's test runner on `files`, all at once, with `env` added to this process's environment;
 * resolves with its exit code. Ctrl-C reaches the runner too (same process group), so a caller that
 * started a product stops it once the runner has exited.
 */
export function runNodeTests(files: readonly string[], env: Record<string, string>): Promise<number> {
  const runner = spawn(
    process.execPath,
    ['--import', 'tsx', '--test', '--test-reporter=spec', `--test-concurrency=${files.length}`, ...files],
    { env: { ...process.env, ...env }, stdio: 'inherit' },
  )
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => runner.kill(signal))
  return new Promise((resolve) => runner.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))))
}

/** Runs a command's `main`: its code becomes the exit code, and an error is one line, exit code 1. */
export function exitWith(main: () => Promise<number>): void {
  main().then(
    (code) => {
      process.exitCode = code
    },
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error)
      process.exitCode = 1
    },
  )
}
