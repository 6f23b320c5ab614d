import nodeConsole from 'node:console'
import { vi } from 'vitest'

/**
 * happy-dom does not load frames, and says so on Node's console for every frame with a `src`. Real
 * browsers load them (e2e/video-call.spec.ts); here that line is noise, and only that line is hidden.
 */
export function quietFrameLoading(): void {
  const error = nodeConsole.error
  vi.spyOn(nodeConsole, 'error').mockImplementation((...data: unknown[]) => {
    if (!String(data[0]).includes('Iframe page loading is disabled')) error(...data)
  })
}
