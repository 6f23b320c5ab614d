import type { AgentValues } from './agent-text.ts'
import type { CallMetadata } from './engagement.ts'
import type { Prospect } from './prospect.ts'
import type { VoiceConfig } from './public-config.ts'

/**
 * One prospect's voice agent, the same on every channel: the browser call (the widget) and the phone
 * call (the server) both send what {@link toAssistantOverrides} makes of {@link createAgentSettings},
 * so a prospect hears the same agent whichever button they press. Types only besides: the widget's
 * call chunk imports it.
 */

/** What a call is started with, whatever starts it. */
export interface AgentSettings {
  firstMessage: string
  system: string
  /** The values the texts were made from, handed to the platform as its template variables too. */
  variableValues: AgentValues
  /** Comes back with the call's end-of-call report, which it links to the prospect and the visit. */
  metadata: CallMetadata
  /** Always false: the privacy page promises that no call is recorded. */
  recordingEnabled: false
}

/** The agent for `prospect` (as the prospect API serves it), for the call described by `metadata`. */
export function createAgentSettings(
  prospect: Pick<Prospect, 'name' | 'companyName' | 'firstMessage' | 'system' | 'variables'>,
  metadata: CallMetadata,
): AgentSettings {
  return {
    firstMessage: prospect.firstMessage,
    system: prospect.system,
    // An answer cached from before the values were served still names the contact and the company.
    variableValues: prospect.variables ?? { name: prospect.name, company_name: prospect.companyName },
    metadata,
    recordingEnabled: false,
  }
}

/** The voice platform's `assistantOverrides` for a call (`POST /call/web` and `POST /call` alike). */
export interface AssistantOverrides {
  firstMessage: string
  /** The platform wants the model whole with its messages; the prompt is its one system message. */
  model: VoiceConfig['model'] & { messages: { role: 'system'; content: string }[] }
  variableValues: AgentValues
  metadata: CallMetadata
  /**
   * No sound recorded, no video, no packet capture of a phone call: the platform keeps only the
   * transcript and the summary it sends in its end-of-call report.
   */
  artifactPlan: { recordingEnabled: false; videoRecordingEnabled: false; pcapEnabled: false }
}

export function toAssistantOverrides(agent: AgentSettings, model: VoiceConfig['model']): AssistantOverrides {
  return {
    firstMessage: agent.firstMessage,
    model: { ...model, messages: [{ role: 'system', content: agent.system }] },
    variableValues: agent.variableValues,
    metadata: agent.metadata,
    artifactPlan: {
      recordingEnabled: agent.recordingEnabled,
      videoRecordingEnabled: false,
      pcapEnabled: false,
    },
  }
}
