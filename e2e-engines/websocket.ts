import WebSocket from 'ws'

/**
 * The WebSocket that WebDriver BiDi speaks over, on loopback: `ws`, the client Node's ecosystem keeps
 * (Node 20 has none without a flag), behind the few calls the BiDi session makes.
 */
export interface WebSocketConnection {
  send(text: string): void
  /** Every text message, whole, in order. */
  onMessage(listener: (text: string) => void): void
  /** Once, when the connection is gone (closed by either side or broken). */
  onClose(listener: () => void): void
  close(): void
}

/** Opens `url` (ws://host:port/path); rejects when the server does not switch protocols. */
export function openWebSocket(url: string): Promise<WebSocketConnection> {
  const socket = new WebSocket(url, { perMessageDeflate: false })
  return new Promise((resolve, reject) => {
    socket.once('error', reject)
    socket.once('open', () => {
      socket.off('error', reject)
      // A broken connection ends in 'close' too, which the session's listeners learn from.
      socket.on('error', () => {})
      resolve({
        send: (text) => socket.send(text),
        onMessage: (listener) =>
          socket.on('message', (data, isBinary) => {
            if (!isBinary) listener(data.toString())
          }),
        onClose: (listener) => socket.once('close', () => listener()),
        close: () => socket.close(),
      })
    })
  })
}
