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
