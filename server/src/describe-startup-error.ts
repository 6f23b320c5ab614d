import { AgentTemplateError } from '#core/agent-template.ts'
import { ConfigError } from './common/config-error.ts'
import { describeFailure } from './db/filesystem-errors.ts'

/** Listening failures an operator fixes with PORT or HOST: the cause, then the fix. */
const LISTEN_FAILURES: Readonly<Record<string, string>> = {
  EADDRINUSE: 'the port is in use (EADDRINUSE); stop the other server, or set PORT to another port',
  EACCES: 'permission denied (EACCES); set PORT to 1024 or above',
  EADDRNOTAVAIL:
    'this machine has no such address (EADDRNOTAVAIL); set HOST to one of its addresses, such as 127.0.0.1',
}

/**
 * What `npm run serve` prints when the server cannot start: one sentence naming the cause and the
 * fix for what an operator can fix (configuration, an agent template, the port, the data directory), else the error with
 * its stack.
 */
export function describeStartupError(error: unknown): string {
  if (error instanceof ConfigError || error instanceof AgentTemplateError) return error.message
  const { code, syscall, address, port } = (typeof error === 'object' && error !== null ? error : {}) as {
    code?: unknown
    syscall?: unknown
    address?: unknown
    port?: unknown
  }
  const listenFailure = typeof code === 'string' ? LISTEN_FAILURES[code] : undefined
  if (syscall === 'listen' && listenFailure !== undefined) {
    const host = typeof address === 'string' && address.includes(':') ? `[${address}]` : String(address)
    return `Cannot listen on ${host}:${String(port)}: ${listenFailure}.`
  }
  return describeFailure(error, 'The server could not start')
}
