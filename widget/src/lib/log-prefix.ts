/** The prefix of every console message the widget writes, so a partner can tell whose it is. */
export const LOG_PREFIX = '[voice-demo]'
