import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * Starts a test fake on a free loopback port. `close` also drops open keep-alive connections (a
 * browser's or fetch's), which would otherwise hold the server open.
 */
export async function listenOnLoopback(server: Server): Promise<{ url: string; close: () => Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
