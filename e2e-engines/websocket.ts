import { createHash, randomBytes } from 'node:crypto'
import { request } from 'node:http'
import type { Socket } from 'node:net'

/**
 * A WebSocket client (RFC 6455) on Node's own `http` and `net`, enough for WebDriver BiDi on loopback:
 * text messages either way (fragmented or not, of any length), pings answered, a clean close. Node 20
 * has no WebSocket client of its own without a flag, and the suite depends on no package for it.
 */

export interface WebSocketConnection {
  send(text: string): void
  /** Every text message, whole, in order. */
  onMessage(listener: (text: string) => void): void
  /** Once, when the connection is gone (closed by either side or broken). */
  onClose(listener: () => void): void
  close(): void
}

const ACCEPT_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11'
const OPCODE = { continuation: 0, text: 1, binary: 2, close: 8, ping: 9, pong: 10 } as const

/** Opens `url` (ws://host:port/path); rejects when the server does not switch protocols. */
export function openWebSocket(url: string): Promise<WebSocketConnection> {
  const key = randomBytes(16).toString('base64')
  const expected = createHash('sha1')
    .update(key + ACCEPT_GUID)
    .digest('base64')
  return new Promise((resolve, reject) => {
    const upgrade = request(url.replace(/^ws:/, 'http:'), {
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Key': key,
        'Sec-WebSocket-Version': '13',
      },
    })
    upgrade.once('error', reject)
    upgrade.once('response', (response) => {
      response.resume()
      reject(new Error(`WebSocket ${url}: answered ${response.statusCode} instead of switching protocols`))
    })
    upgrade.once('upgrade', (response, socket, head) => {
      if (response.headers['sec-websocket-accept'] !== expected) {
        socket.destroy()
        return reject(new Error(`WebSocket ${url}: the server's accept key is wrong`))
      }
      resolve(connection(socket, head))
    })
    upgrade.end()
  })
}

function connection(socket: Socket, head: Buffer): WebSocketConnection {
  const messageListeners: ((text: string) => void)[] = []
  const closeListeners: (() => void)[] = []
  let buffered = head
  let fragments: Buffer[] = []
  let closed = false

  const write = (opcode: number, payload: Buffer) => {
    if (closed || socket.destroyed) return
    socket.write(frame(opcode, payload))
  }
  const finish = () => {
    if (closed) return
    closed = true
    socket.destroy()
    for (const listener of closeListeners) listener()
  }

  const readFrames = () => {
    for (;;) {
      const parsed = parseFrame(buffered)
      if (!parsed) return
      buffered = buffered.subarray(parsed.length)
      const { fin, opcode, payload } = parsed
      if (opcode === OPCODE.ping) write(OPCODE.pong, payload)
      else if (opcode === OPCODE.close) {
        write(OPCODE.close, Buffer.alloc(0))
        return finish()
      } else if (opcode === OPCODE.text || opcode === OPCODE.binary || opcode === OPCODE.continuation) {
        fragments.push(payload)
        if (fin) {
          const text = Buffer.concat(fragments).toString('utf8')
          fragments = []
          for (const listener of messageListeners) listener(text)
        }
      }
    }
  }

  socket.on('data', (chunk: Buffer) => {
    buffered = buffered.length > 0 ? Buffer.concat([buffered, chunk]) : chunk
    readFrames()
  })
  socket.on('close', finish)
  socket.on('error', finish)

  return {
    send: (text) => write(OPCODE.text, Buffer.from(text, 'utf8')),
    onMessage(listener) {
      messageListeners.push(listener)
      // What came with the switch of protocols waited for someone to read it.
      if (messageListeners.length === 1) readFrames()
    },
    onClose: (listener) => void closeListeners.push(listener),
    close() {
      // The server answers with its own close and ends the connection, which runs `finish`.
      write(OPCODE.close, Buffer.alloc(0))
      socket.end()
    },
  }
}

/** A frame from the client: final, masked (as a client's must be), with its length in the short form that fits. */
function frame(opcode: number, payload: Buffer): Buffer {
  const mask = randomBytes(4)
  const length = payload.length
  const header =
    length < 126
      ? Buffer.from([0x80 | opcode, 0x80 | length])
      : length < 0x10000
        ? Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 0xff])
        : Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | 127]), bigEndian64(length)])
  const masked = Buffer.alloc(length)
  for (let i = 0; i < length; i++) masked[i] = (payload[i] ?? 0) ^ (mask[i % 4] ?? 0)
  return Buffer.concat([header, mask, masked])
}

function bigEndian64(value: number): Buffer {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64BE(BigInt(value))
  return bytes
}

/** The first whole frame in `data` (the server's are unmasked, but a mask is honoured), or null. */
function parseFrame(data: Buffer): { fin: boolean; opcode: number; payload: Buffer; length: number } | null {
  if (data.length < 2) return null
  const [first = 0, second = 0] = data
  let offset = 2
  let length = second & 0x7f
  if (length === 126) {
    if (data.length < 4) return null
    length = data.readUInt16BE(2)
    offset = 4
  } else if (length === 127) {
    if (data.length < 10) return null
    length = Number(data.readBigUInt64BE(2))
    offset = 10
  }
  const masked = (second & 0x80) !== 0
  const mask = masked ? data.subarray(offset, offset + 4) : null
  if (masked) offset += 4
  if (data.length < offset + length) return null
  let payload = data.subarray(offset, offset + length)
  if (mask) payload = Buffer.from(payload.map((byte, i) => byte ^ (mask[i % 4] ?? 0)))
  return { fin: (first & 0x80) !== 0, opcode: first & 0x0f, payload, length: offset + length }
}
