import { deflateRawSync } from 'node:zlib'

/**
 * A zip archive written with Node alone (zlib's raw deflate and a CRC-32 of our own; Node 20 has no
 * zlib.crc32), so `npm run wordpress:zip` works on any machine without `zip`. The same files give the
 * same bytes: entries sorted by name, each dated 1980-01-01 00:00 (zip's first day), Unix modes 644
 * and 755 for folders.
 */

export interface ZipEntry {
  /** Path inside the archive, `/`-separated; a folder's ends with `/`. */
  name: string
  /** A file's content; none for a folder. */
  data?: Buffer
}

const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

/** CRC-32 as zip (and PNG, gzip) use it: polynomial 0xEDB88320, reflected, inverted. */
export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/** 1980-01-01 00:00 in MS-DOS form: day 1, month 1, year 0 (1980). */
const DOS_TIME = 0
const DOS_DATE = (1 << 5) | 1
/** Bit 11: names are UTF-8. */
const UTF8_NAMES = 0x0800
/** Version 2.0 (deflate, folders); "made by" Unix (3), so the modes below apply. */
const VERSION = 20
const MADE_BY_UNIX = (3 << 8) | VERSION
const FILE_MODE = 0o100644
const FOLDER_MODE = 0o040755
/** The MS-DOS folder bit, for readers that look only at it. */
const DOS_FOLDER = 0x10

/** The archive of `entries`, sorted by name whatever their order. */
export function createZip(entries: readonly ZipEntry[]): Buffer {
  const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of sorted) {
    const name = Buffer.from(entry.name, 'utf8')
    const folder = entry.name.endsWith('/')
    const raw = folder ? Buffer.alloc(0) : (entry.data ?? Buffer.alloc(0))
    const stored = folder || raw.length === 0
    const body = stored ? raw : deflateRawSync(raw, { level: 9 })
    const method = stored ? 0 : 8
    const crc = crc32(raw)

    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(VERSION, 4)
    local.writeUInt16LE(UTF8_NAMES, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt16LE(DOS_TIME, 10)
    local.writeUInt16LE(DOS_DATE, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(raw.length, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(0, 28)
    locals.push(local, name, body)

    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(MADE_BY_UNIX, 4)
    central.writeUInt16LE(VERSION, 6)
    central.writeUInt16LE(UTF8_NAMES, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt16LE(DOS_TIME, 12)
    central.writeUInt16LE(DOS_DATE, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(raw.length, 24)
    central.writeUInt16LE(name.length, 28)
    // Extra field, comment, disk number and internal attributes: none.
    central.writeUInt32LE((((folder ? FOLDER_MODE : FILE_MODE) << 16) | (folder ? DOS_FOLDER : 0)) >>> 0, 38)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += local.length + name.length + body.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(sorted.length, 8)
  end.writeUInt16LE(sorted.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
