import { inflateRawSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { crc32, createZip } from './zip-writer.ts'

/** Reads an archive back from its central directory: each entry's name, mode and content. */
function readZip(zip: Buffer) {
  const end = zip.length - 22
  expect(zip.readUInt32LE(end)).toBe(0x06054b50)
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const entries = []
  for (let i = 0; i < count; i++) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50)
    const method = zip.readUInt16LE(at + 10)
    const crc = zip.readUInt32LE(at + 16)
    const size = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const mode = zip.readUInt32LE(at + 38) >>> 16
    const local = zip.readUInt32LE(at + 42)
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8')
    expect(zip.readUInt32LE(local)).toBe(0x04034b50)
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    const body = zip.subarray(start, start + size)
    const data = method === 8 ? inflateRawSync(body) : Buffer.from(body)
    expect(crc32(data)).toBe(crc)
    entries.push({ name, mode: mode.toString(8), data: data.toString('utf8') })
    at += 46 + nameLength
  }
  return entries
}

describe('the zip writer', () => {
  it('computes the standard CRC-32', () => {
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926)
    expect(crc32(Buffer.alloc(0))).toBe(0)
  })

  it('writes an archive whose entries read back, sorted, with their modes', () => {
    const zip = createZip([
      { name: 'plugin/readme.txt', data: Buffer.from('=== Plugin ===\n'.repeat(20)) },
      { name: 'plugin/' },
      { name: 'plugin/empty.php', data: Buffer.alloc(0) },
      { name: 'plugin/é.txt', data: Buffer.from('accent') },
    ])
    expect(readZip(zip)).toEqual([
      { name: 'plugin/', mode: '40755', data: '' },
      { name: 'plugin/empty.php', mode: '100644', data: '' },
      { name: 'plugin/readme.txt', mode: '100644', data: '=== Plugin ===\n'.repeat(20) },
      { name: 'plugin/é.txt', mode: '100644', data: 'accent' },
    ])
  })

  it('gives the same bytes for the same files in any order', () => {
    const a = { name: 'p/a.php', data: Buffer.from('<?php echo 1;') }
    const b = { name: 'p/b.php', data: Buffer.from('<?php echo 2;') }
    expect(createZip([b, a]).equals(createZip([a, b]))).toBe(true)
  })
})
