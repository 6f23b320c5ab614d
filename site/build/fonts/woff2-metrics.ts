import { brotliDecompressSync } from 'node:zlib'

/** The vertical metrics a browser lays text out by, as a font file states them. */
export interface FontMetrics {
  unitsPerEm: number
  /** hhea: what browsers use for line boxes unless told otherwise. */
  ascender: number
  descender: number
  lineGap: number
  /** OS/2 xAvgCharWidth: the average advance of the font's glyphs. */
  xAvgCharWidth: number
}

/** WOFF2's table tags by their index in the table directory's flags byte (the first ones only). */
const KNOWN_TAGS = [
  'cmap',
  'head',
  'hhea',
  'hmtx',
  'maxp',
  'name',
  'OS/2',
  'post',
  'cvt ',
  'fpgm',
  'glyf',
  'loca',
]
const HEADER_BYTES = 48

/**
 * Reads `head`, `hhea` and `OS/2` from a WOFF2 file: its table directory, then its one Brotli stream,
 * in which the tables follow each other in directory order. Only `glyf` and `loca` are ever stored
 * transformed, and these three never are, so their bytes are the TrueType tables themselves.
 */
export function readWoff2Metrics(file: Uint8Array): FontMetrics {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength)
  if (view.getUint32(0) !== 0x774f4632) throw new Error('not a WOFF2 file')
  const numTables = view.getUint16(12)
  const compressedLength = view.getUint32(20)
  let at = HEADER_BYTES
  const readBase128 = (): number => {
    let value = 0
    for (let i = 0; i < 5; i++) {
      const byte = view.getUint8(at++)
      value = value * 128 + (byte & 0x7f)
      if ((byte & 0x80) === 0) return value
    }
    throw new Error('bad UIntBase128')
  }
  const tables = new Map<string, { offset: number; length: number }>()
  let offset = 0
  for (let i = 0; i < numTables; i++) {
    const flags = view.getUint8(at++)
    let tag = KNOWN_TAGS[flags & 0x3f] ?? `#${flags & 0x3f}`
    if ((flags & 0x3f) === 0x3f) {
      tag = String.fromCharCode(...file.subarray(at, at + 4))
      at += 4
    }
    const origLength = readBase128()
    const version = flags >> 6
    const transformed = tag === 'glyf' || tag === 'loca' ? version !== 3 : version !== 0
    const length = transformed ? readBase128() : origLength
    tables.set(tag, { offset, length })
    offset += length
  }
  const data = brotliDecompressSync(file.subarray(at, at + compressedLength))
  const table = (tag: string): DataView => {
    const found = tables.get(tag)
    if (!found) throw new Error(`no ${tag} table`)
    return new DataView(data.buffer, data.byteOffset + found.offset, found.length)
  }
  const head = table('head')
  const hhea = table('hhea')
  const os2 = table('OS/2')
  return {
    unitsPerEm: head.getUint16(18),
    ascender: hhea.getInt16(4),
    descender: hhea.getInt16(6),
    lineGap: hhea.getInt16(8),
    xAvgCharWidth: os2.getInt16(2),
  }
}
