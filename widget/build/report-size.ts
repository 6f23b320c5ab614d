import type { Plugin } from 'vite'
import { FIRST_PAINT_BUDGET_BYTES, formatKiB, measureFirstPaint } from './first-paint-size.ts'

/** Prints, after every widget build, the bytes a host page needs before the buttons show. */
export function reportFirstPaintSize(coreEntryName: string): Plugin {
  let logInfo: (message: string) => void = () => {}
  return {
    name: 'voice-demo:report-first-paint-size',
    apply: 'build',
    configResolved(config) {
      logInfo = (message) => config.logger.info(message)
    },
    writeBundle(_output, bundle) {
      const size = measureFirstPaint(Object.values(bundle), coreEntryName)
      const verdict = size.brotliBytes <= FIRST_PAINT_BUDGET_BYTES ? 'within' : 'OVER'
      logInfo(
        `[voice-demo] first paint: ${formatKiB(size.brotliBytes)} brotli (${formatKiB(size.rawBytes)} raw), ` +
          `${verdict} the ${formatKiB(FIRST_PAINT_BUDGET_BYTES)} budget: ${size.files.join(', ')}`,
      )
    },
  }
}
