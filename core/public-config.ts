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

/**
 * What the demo panel says under its buttons about the demos that are off, written by the server,
 * which knows them (`ProspectResponse.unavailableReason`); empty when both calls work. Prospects read
 * it, so it says what they can do, never which settings are missing: that is for whoever runs the
 * server (`npm start` lists each) and for the reps' pages ({@link describeUnavailableForReps}). It
 * fits the panel's status line on one line from 528 px, as the panel's fixed height needs.
 */
export function describeUnavailable({
  browserCall,
  phoneCall,
}: Pick<DemoFeatures, 'browserCall' | 'phoneCall'>): string {
  if (browserCall && phoneCall) return ''
  return `${callsOff({ browserCall, phoneCall })} are not available right now.`
}

/** Why calls are off, for a signed-in rep: who turns them on. Empty when both calls work. */
export function describeUnavailableForReps({
  browserCall,
  phoneCall,
}: Pick<DemoFeatures, 'browserCall' | 'phoneCall'>): string {
  if (browserCall && phoneCall) return ''
  return `${callsOff({ browserCall, phoneCall })} are off on this server: whoever runs it sets the voice platform's keys (npm start lists them). Prospects read "${describeUnavailable({ browserCall, phoneCall })}"`
}

/** Which calls are off, as a sentence's subject: both, or the one. */
const callsOff = ({ browserCall, phoneCall }: Pick<DemoFeatures, 'browserCall' | 'phoneCall'>): string =>
  !browserCall && !phoneCall ? 'Calls' : browserCall ? 'Phone calls' : 'Browser calls'
