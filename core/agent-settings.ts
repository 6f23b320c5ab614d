import type { AgentValues } from './agent-text.ts'
import { DEMO_TOOLS, type FunctionTool } from './demo-actions.ts'
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
  /**
   * The prospect has their own assistant on the voice platform, which a rep set up: it keeps its own
   * first message and prompt, which the rep wrote for it, and gets only the values, the metadata, the
   * recording setting and the demo's tools.
   */
  ownAssistant: boolean
}

/** The agent for `prospect` (as the prospect API serves it), for the call described by `metadata`. */
export function createAgentSettings(
  prospect: Pick<Prospect, 'name' | 'companyName' | 'firstMessage' | 'system' | 'variables' | 'assistantId'>,
  metadata: CallMetadata,
): AgentSettings {
  return {
    firstMessage: prospect.firstMessage,
    system: prospect.system,
    // An answer cached from before the values were served still names the contact and the company.
    variableValues: prospect.variables ?? { name: prospect.name, company_name: prospect.companyName },
    metadata,
    recordingEnabled: false,
    ownAssistant: prospect.assistantId !== null,
  }
}

/** The voice platform's `assistantOverrides` for a call (`POST /call/web` and `POST /call` alike). */
export interface AssistantOverrides {
  /** Absent for a prospect's own assistant, which keeps its own. */
  firstMessage?: string
  /**
   * The model with the demo's tools and, for our agents, the prompt as its one system message. The
   * platform merges a model of the assistant's own provider field by field, so a prospect's own
   * assistant keeps its prompt (no messages sent) and gains the tools.
   */
  model: VoiceConfig['model'] & {
    messages?: { role: 'system'; content: string }[]
    tools: readonly FunctionTool[]
  }
  variableValues: AgentValues
  metadata: CallMetadata
  /**
   * No sound recorded, no video, no packet capture of a phone call: the platform keeps only the
   * transcript and the summary it sends in its end-of-call report.
   */
  artifactPlan: { recordingEnabled: false; videoRecordingEnabled: false; pcapEnabled: false }
}

export function toAssistantOverrides(agent: AgentSettings, model: VoiceConfig['model']): AssistantOverrides {
  // Every call gets the tools: the demo acts for the business whatever prompt the agent speaks from.
  if (agent.ownAssistant) {
    return {
      model: { ...model, tools: DEMO_TOOLS },
      variableValues: agent.variableValues,
      metadata: agent.metadata,
      artifactPlan: {
        recordingEnabled: agent.recordingEnabled,
        videoRecordingEnabled: false,
        pcapEnabled: false,
      },
    }
  }
  return {
    firstMessage: agent.firstMessage,
    model: { ...model, messages: [{ role: 'system', content: agent.system }], tools: DEMO_TOOLS },
    variableValues: agent.variableValues,
    metadata: agent.metadata,
    artifactPlan: {
      recordingEnabled: agent.recordingEnabled,
      videoRecordingEnabled: false,
      pcapEnabled: false,
    },
  }
}
