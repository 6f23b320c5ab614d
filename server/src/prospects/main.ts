import { readEnvFileForCommand } from '../common/env-file.ts'
import { runProspectsCli } from './cli.ts'

// `npm run prospects -- <command>`: see USAGE in cli.ts and docs/operations.md, "Bulk prospects".
// `list | head` closes stdout early: stop caring about output then, but let the command finish and
// close the database properly.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE' && error.code !== 'ERR_STREAM_DESTROYED') throw error
})
process.exitCode =
  readEnvFileForCommand() ??
  (await runProspectsCli(process.argv.slice(2), {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
  }))
