import { readEnvFileForCommand } from '../common/env-file.ts'
import { runDbCli } from './db-cli.ts'

// `npm run db -- <command>`: see DB_USAGE in db-cli.ts and docs/operations.md, "Data".
process.exitCode =
  readEnvFileForCommand() ??
  (await runDbCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  }))
