/**
 * A setting the server cannot start with, in words for the person who set it: the start prints the
 * message alone, without a stack (describe-startup-error.ts).
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError'
}
