const HOUR_S = 60 * 60

/**
 * When a refused visitor may try again, in the words of a limit's message ("Please try again in 5
 * minutes."): rounded up, so nobody is told a time at which they would still be refused.
 */
export function describeWait(seconds: number): string {
  if (seconds <= 60) return 'in a minute'
  if (seconds < 90 * 60) return `in ${Math.ceil(seconds / 60)} minutes`
  const hours = Math.ceil(seconds / HOUR_S)
  return hours === 1 ? 'in an hour' : `in ${hours} hours`
}
