/** What the widget needs to start a browser voice call (Vapi Web SDK). Public by nature. */
export interface VoiceConfig {
  /** Vapi public key: it can only start web calls, never read or spend beyond them. */
  publicKey: string
  /** Used when the prospect has no assistant of its own; null when none is configured. */
  defaultAssistantId: string | null
  /** Vapi's API base URL (overridable, e.g. for a fake platform in tests). */
  apiUrl: string
  /** The model sent in the call's overrides with the prospect's system prompt (the SDK wants it whole). */
  model: { provider: string; model: string }
}

/** Answer of `GET /api/config`: configuration the browser may know. Never holds a private key. */
export interface PublicConfig {
  productName: string
  /** Null when no Vapi public key is configured: the panel then says the voice demo is not configured. */
  voice: VoiceConfig | null
  features: DemoFeatures
}

/**
 * Which demos the server can run right now. The widget offers only these: a demo that is off shows as
 * unavailable with its reason, never as a live button that fails after the visitor's input.
 */
export interface DemoFeatures {
  browserCall: boolean
  phoneCall: boolean
  videoCall: boolean
}
