import { inflateSync } from 'node:zlib'

/**
 * A WOFF 1.0 font as the TrueType/OpenType file it wraps. The typeface ships from npm as WOFF (the
 * site's own files), but the FreeType inside sharp's libvips reads no WOFF: given one, Pango silently
 * falls back to a system font. Unwrapping it (each table zlib-inflated, laid out again with its
 * checksum) gives FreeType a file it reads, so the picture is set in the site's own Inter.
 */
export function woffToSfnt(woff: Uint8Array): Buffer {
  const input = Buffer.from(woff.buffer, woff.byteOffset, woff.byteLength)
  if (input.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF 1.0 font')
  const flavor = input.readUInt32BE(4)
  const numTables = input.readUInt16BE(12)
  const tables: { tag: number; checksum: number; data: Buffer }[] = []
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20
    const offset = input.readUInt32BE(entry + 4)
    const compLength = input.readUInt32BE(entry + 8)
    const origLength = input.readUInt32BE(entry + 12)
    const stored = input.subarray(offset, offset + compLength)
    const data = compLength < origLength ? inflateSync(stored) : Buffer.from(stored)
    if (data.length !== origLength) throw new Error('a WOFF table does not inflate to its stated size')
    tables.push({ tag: input.readUInt32BE(entry), checksum: input.readUInt32BE(entry + 16), data })
  }
  const headerSize = 12 + numTables * 16
  const padded = (n: number) => (n + 3) & ~3
  const total = tables.reduce((sum, table) => sum + padded(table.data.length), headerSize)
  const out = Buffer.alloc(total)
  const entrySelector = Math.floor(Math.log2(numTables))
  const searchRange = 2 ** entrySelector * 16
  out.writeUInt32BE(flavor, 0)
  out.writeUInt16BE(numTables, 4)
  out.writeUInt16BE(searchRange, 6)
  out.writeUInt16BE(entrySelector, 8)
  out.writeUInt16BE(numTables * 16 - searchRange, 10)
  let offset = headerSize
  tables.forEach((table, i) => {
    const record = 12 + i * 16
    out.writeUInt32BE(table.tag, record)
    out.writeUInt32BE(table.checksum, record + 4)
    out.writeUInt32BE(offset, record + 8)
    out.writeUInt32BE(table.data.length, record + 12)
    table.data.copy(out, offset)
    offset += padded(table.data.length)
  })
  return out
}
