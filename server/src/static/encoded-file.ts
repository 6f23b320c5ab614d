/** Node's Buffers are always backed by an ArrayBuffer here (never shared memory). */
export type Bytes = Uint8Array<ArrayBuffer>

/** A body with its compressed versions, as it is sent (no Node module: the edge uses it too). */
export interface EncodedFile {
  /** A weak validator from size and modification time, as static hosts make them. */
  etag: string
  identity: Bytes
  /** Null when the type is not worth compressing or compressing did not make it smaller. */
  br: Bytes | null
  gzip: Bytes | null
}

/** The encoding to send for an `Accept-Encoding` header: brotli, then gzip, else none. */
export function pickEncoding(file: EncodedFile, acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => part.split(';')[0]),
  )
  if (file.br && accepted.has('br')) return 'br'
  if (file.gzip && accepted.has('gzip')) return 'gzip'
  return null
}

/** Makes a body's compressed versions (Node: zlib in the thread pool; the edge: none). */
export type EncodeBody = (identity: Bytes) => Promise<EncodedFile>
/** No compressed versions: a gateway in front compresses. */
export const UNCOMPRESSED: EncodeBody = async (identity) => ({ etag: '', identity, br: null, gzip: null })
