import { readEnvFileForCommand } from '../common/env-file.ts'
import { runRepsCli } from './cli.ts'

// `npm run reps -- <command>`: see USAGE in cli.ts and docs/operations.md, "Sales reps".
process.exitCode =
  readEnvFileForCommand() ??
  (await runRepsCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  }))
