import type { Prospect } from '#core/prospect.ts'

/** What the persona is told about the call it is in. */
export interface SupportCallSetting {
  productName: string
  /**
   * The prospect whose page it is, and what the voice agent built for them does (its template's
   * purpose); null for the landing page, an unknown slug or the fallback `visitor`.
   */
  prospect: (Pick<Prospect, 'name' | 'companyName'> & { purpose: string }) | null
  maxDurationSeconds: number
}

/** The conversation's name on the platform's dashboard (`conversation_name`). */
export function getConversationName(setting: SupportCallSetting): string {
  const who = setting.prospect
    ? `${clean(setting.prospect.name)}, ${clean(setting.prospect.companyName)}`
    : 'website visitor'
  return `${setting.productName} video support: ${who}`
}

/**
 * The support persona's instruction (`conversational_context`), written out: warm, speaks
 * like a real member of the support team, encourages the visitor to try the demo. It names the
 * prospect and company when the page is a prospect's, so the persona greets them.
 *
 * One rule on purpose: the persona is never told to deny being an AI. Members of the public must not be deceived about talking to a machine (and disclosure is the
 * law in places, e.g. California's bot disclosure law and the EU AI Act's transparency duty), so the
 * persona keeps a human tone but answers honestly when asked, and the widget labels the call as an AI
 * video agent.
 */
export function writeSupportPersonaContext(setting: SupportCallSetting): string {
  const { productName, prospect } = setting
  const situation = prospect
    ? `You are talking with ${clean(prospect.name)} of ${clean(prospect.companyName)}, who is looking at ` +
      `a personalised demo of the AI voice agent ${productName} built for ${clean(prospect.companyName)}. ` +
      `That agent ${clean(prospect.purpose, 600)}; if they ask what it would do for their business, ` +
      'say so in your own words and suggest they hear it for themselves. ' +
      `Greet ${clean(prospect.name)} warmly by name and ask how you can help.`
    : `You are talking with a visitor to the ${productName} website who is exploring AI voice agents ` +
      'for their business. Greet them warmly and ask how you can help.'
  return [
    `You are a member of the ${productName} support team, on a live video call.`,
    situation,
    'Be warm, friendly and patient, and speak naturally, as a real member of the support team would.',
    'Do not bring up that you are an AI, but if the visitor asks whether they are talking with a person ' +
      'or an AI, say honestly that you are an AI video agent of the support team.',
    `${productName} builds AI voice agents for small businesses (real estate, medical practices and ` +
      'clinics, restaurants, fitness studios, sales and support teams): the agent answers customer calls ' +
      'around the clock, qualifies leads and books appointments automatically.',
    'Encourage them to try the demo on this page: "Test in Browser" to talk with the voice agent right ' +
      'now, or "Call Me" to have it phone them.',
    'Do not invent prices or guarantees; for those, suggest booking the 15-minute introductory meeting.',
    `Keep your answers short: this call ends after ${describeDuration(setting.maxDurationSeconds)}.`,
  ].join(' ')
}

/** Database text goes into an instruction: one line, no control characters, a name's length. */
const clean = (text: string, max = 120): string =>
  text
    .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max)

function describeDuration(seconds: number): string {
  if (seconds % 60 !== 0) return `${seconds} seconds`
  const minutes = seconds / 60
  return minutes === 1 ? '1 minute' : `${minutes} minutes`
}
