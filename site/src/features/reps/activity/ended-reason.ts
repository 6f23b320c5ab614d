import { spellOutCode } from './activity-format.ts'

/**
 * How a call ended, in a rep's words, from the voice platform's `endedReason` (Vapi's codes, as its
 * web SDK's types list them). There are hundreds, most of them one provider's failure: the ways a call
 * usually ends are worded one by one, the rest by their family, and a code never seen still reads as
 * words, never as the code.
 */
const WORDS: Record<string, string> = {
  'customer-ended-call': 'They hung up',
  'customer-ended-call-before-warm-transfer': 'They hung up while being transferred',
  'customer-ended-call-after-warm-transfer-attempt': 'They hung up while being transferred',
  'customer-ended-call-during-transfer': 'They hung up while being transferred',
  'call.ringing.sip-inbound-caller-hungup-before-call-connect': 'They hung up before the call connected',
  'assistant-ended-call': 'The agent ended the call',
  'assistant-said-end-call-phrase': 'The agent ended the call',
  'assistant-ended-call-with-hangup-task': 'The agent ended the call',
  'assistant-ended-call-after-message-spoken': 'The agent ended the call',
  'call.ringing.hook-executed-say': 'The agent ended the call',
  'call.ending.hook-executed-say': 'The agent ended the call',
  'assistant-forwarded-call': 'The agent transferred the call',
  'call.ringing.hook-executed-transfer': 'The agent transferred the call',
  'call.ending.hook-executed-transfer': 'The agent transferred the call',
  'customer-did-not-answer': 'No answer',
  'customer-busy': 'Their line was busy',
  voicemail: 'Voicemail',
  'silence-timed-out': 'Ended after a long silence',
  'exceeded-max-duration': 'Reached the time limit for a call',
  'customer-did-not-give-microphone-permission': 'They did not allow the microphone',
  'call.in-progress.error-assistant-did-not-receive-customer-audio': 'The agent could not hear them',
  'manually-canceled': 'The call was cancelled',
  'call-deleted': 'The call was cancelled',
  'scheduled-call-deleted': 'The call was cancelled',
  'twilio-reported-customer-misdialed': 'The number could not be called',
  'twilio-failed-to-connect-call': 'The call did not connect',
  'vonage-failed-to-connect-call': 'The call did not connect',
  'vonage-rejected': 'The call did not connect',
  'call.in-progress.error-sip-outbound-call-failed-to-connect': 'The call did not connect',
  'phone-call-provider-bypass-enabled-but-no-call-received': 'The call did not connect',
  // The phone network reports the end without saying which side hung up.
  'vonage-completed': 'The call ended',
  'call.in-progress.twilio-completed-call': 'The call ended',
  'call.in-progress.sip-completed-call': 'The call ended',
  'vonage-disconnected': 'The call was cut off',
  'phone-call-provider-closed-websocket': 'The call was cut off',
  'worker-shutdown': 'The call was cut off',
  'call.forwarding.operator-busy': 'The line it was transferred to was busy',
  'call.forwarding.no-answer': 'Nobody answered where it was transferred',
}

/** Families of the rest, by how their codes start or what they contain, first match wins. */
const FAMILIES: readonly [RegExp, string][] = [
  [/^(call\.start\.|call-start-|assistant-request-|assistant-not-)/, 'The call could not start'],
  [/^customer-ended-call/, 'They hung up'],
  [/^assistant-ended-call/, 'The agent ended the call'],
  [/warm-transfer|transfer-failed/, 'The transfer failed'],
  [/error|failed|fault|timed-out|timeout/, 'The call failed'],
]

/** "They hung up", "No answer", "The call failed"; an unknown code as words: "The call ended: new reason". */
export function describeEndedReason(reason: string): string {
  const code = reason.trim().toLowerCase()
  // Own keys only: a code such as "constructor" is no word of ours.
  const known = Object.hasOwn(WORDS, code)
    ? WORDS[code]
    : FAMILIES.find(([pattern]) => pattern.test(code))?.[1]
  if (known !== undefined) return known
  const words = spellOutCode(code)
  return words === '' ? 'The call ended' : `The call ended: ${words}`
}
