/** Answer of `GET /api/config`: configuration the browser may know. Never holds a private key. */
export interface PublicConfig {
  productName: string
  /** Which demos the server can run right now; a disabled one explains itself instead of failing. */
  features: {
    browserCall: boolean
    phoneCall: boolean
    videoCall: boolean
  }
}
