import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { createServer } from 'node:http'
import type { Socket } from 'node:net'
import { after, before, describe, it } from 'node:test'
import { listenOnLoopback } from '../server/src/testing/listen-loopback.ts'
import { openWebSocket } from './websocket.ts'

/**
 * The BiDi client's WebSocket against a server that writes its frames by hand: the lengths' three
 * forms, a message in fragments, a ping, the client's masked frames and a close. Firefox's answers
 * (screenshots above 64 KB, events between answers) take every one of these paths.
 */

const serverFrame = (opcode: number, payload: Buffer, fin = true): Buffer => {
  const length = payload.length
  const first = (fin ? 0x80 : 0) | opcode
  if (length < 126) return Buffer.concat([Buffer.from([first, length]), payload])
  if (length < 0x10000) return Buffer.concat([Buffer.from([first, 126, length >> 8, length & 0xff]), payload])
  const header = Buffer.alloc(10)
  header[0] = first
  header[1] = 127
  header.writeBigUInt64BE(BigInt(length), 2)
  return Buffer.concat([header, payload])
}

/** The client's frames as the server reads them: every one must be masked. */
const readClientFrames = (data: Buffer) => {
  const frames: { opcode: number; text: string }[] = []
  let offset = 0
  while (offset + 6 <= data.length) {
    const [first = 0, second = 0] = data.subarray(offset, offset + 2)
    assert.ok(second & 0x80, 'a client frame is masked')
    let length = second & 0x7f
    let start = offset + 2
    if (length === 126) {
      length = data.readUInt16BE(start)
      start += 2
    }
    const mask = data.subarray(start, start + 4)
    const payload = data.subarray(start + 4, start + 4 + length).map((byte, i) => byte ^ (mask[i % 4] ?? 0))
    frames.push({ opcode: first & 0x0f, text: Buffer.from(payload).toString() })
    offset = start + 4 + length
  }
  return frames
}

describe('the WebSocket client', () => {
  let url = ''
  let close = async () => {}
  let serverSide: Socket | undefined
  let received = Buffer.alloc(0)
  const waitForReceived = (count: number) =>
    new Promise<{ opcode: number; text: string }[]>((resolve) => {
      const check = () => {
        const frames = readClientFrames(received)
        if (frames.length >= count) resolve(frames)
        else serverSide?.once('data', check)
      }
      check()
    })

  before(async () => {
    const server = createServer()
    server.on('upgrade', (request, socket: Socket) => {
      const accept = createHash('sha1')
        .update(`${request.headers['sec-websocket-key']}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`)
        .digest('base64')
      socket.write(
        `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
      )
      socket.on('data', (chunk: Buffer) => {
        received = Buffer.concat([received, chunk])
      })
      serverSide = socket
    })
    ;({ url, close } = await listenOnLoopback(server))
  })
  after(() => {
    // An upgraded connection is the test's, not the HTTP server's: closing the server leaves it open.
    serverSide?.destroy()
    return close()
  })

  // A frame misread leaves the client waiting for the rest of it: the deadline turns that into a failure.
  const options = { timeout: 30_000 }
  it(
    'reads every length and fragments, answers a ping, masks what it sends, and sees the close',
    options,
    async () => {
      const socket = await openWebSocket(url.replace('http:', 'ws:'))
      const messages: string[] = []
      const closed = new Promise<void>((resolve) => socket.onClose(resolve))
      const long = 'x'.repeat(70_000)
      const all = new Promise<void>((resolve) =>
        socket.onMessage((text) => {
          messages.push(text)
          if (messages.length === 4) resolve()
        }),
      )
      serverSide?.write(
        Buffer.concat([
          serverFrame(1, Buffer.from('short')),
          serverFrame(1, Buffer.from('m'.repeat(300))),
          serverFrame(9, Buffer.from('are you there')),
          serverFrame(1, Buffer.from(long)),
          serverFrame(1, Buffer.from('hel'), false),
          serverFrame(0, Buffer.from('lo')),
        ]),
      )
      await all
      assert.deepEqual(messages, ['short', 'm'.repeat(300), long, 'hello'])

      socket.send('{"id":1}')
      const [pong, sent] = await waitForReceived(2)
      assert.deepEqual(pong, { opcode: 10, text: 'are you there' })
      assert.deepEqual(sent, { opcode: 1, text: '{"id":1}' })

      serverSide?.end(serverFrame(8, Buffer.alloc(0)))
      await closed
    },
  )
})
