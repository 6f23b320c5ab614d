import type { PublicConfig } from '#core/public-config.ts'
import type { ServerConfig } from './config.ts'

/** The part of the server's configuration a browser may see: no private key ever goes in here. */
export function toPublicConfig(config: ServerConfig): PublicConfig {
  return {
    productName: config.productName,
    voice: config.voice,
    features: {
      browserCall: config.voice !== null,
      phoneCall: config.phoneCall !== null,
      videoCall: config.videoCall !== null,
    },
  }
}
