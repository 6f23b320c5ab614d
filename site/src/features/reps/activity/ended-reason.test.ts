import { describe, expect, it } from 'vitest'
import { describeEndedReason } from './ended-reason.ts'

describe('describeEndedReason', () => {
  it.each([
    ['customer-ended-call', 'They hung up'],
    ['assistant-ended-call', 'The agent ended the call'],
    ['assistant-said-end-call-phrase', 'The agent ended the call'],
    ['assistant-forwarded-call', 'The agent transferred the call'],
    ['customer-did-not-answer', 'No answer'],
    ['customer-busy', 'Their line was busy'],
    ['voicemail', 'Voicemail'],
    ['silence-timed-out', 'Ended after a long silence'],
    ['exceeded-max-duration', 'Reached the time limit for a call'],
    ['customer-did-not-give-microphone-permission', 'They did not allow the microphone'],
    ['twilio-failed-to-connect-call', 'The call did not connect'],
    ['manually-canceled', 'The call was cancelled'],
  ])('words %s as "%s"', (reason, words) => {
    expect(describeEndedReason(reason)).toBe(words)
  })

  it('words the families of the platform’s failures by what they mean to a rep', () => {
    expect(describeEndedReason('call.start.error-subscription-frozen')).toBe('The call could not start')
    expect(describeEndedReason('assistant-not-found')).toBe('The call could not start')
    expect(describeEndedReason('pipeline-error-openai-llm-failed')).toBe('The call failed')
    expect(describeEndedReason('call.in-progress.error-vapifault-worker-died')).toBe('The call failed')
    expect(describeEndedReason('call.in-progress.error-warm-transfer-max-duration')).toBe(
      'The transfer failed',
    )
    expect(describeEndedReason('customer-ended-call-after-some-new-step')).toBe('They hung up')
  })

  it('never shows a code it does not know as the code: its dashes and dots become words', () => {
    expect(describeEndedReason('customer-sneezed')).toBe('The call ended: customer sneezed')
    expect(describeEndedReason('call.ending.new_thing')).toBe('The call ended: call ending new thing')
    expect(describeEndedReason('constructor')).toBe('The call ended: constructor')
    expect(describeEndedReason(' - ')).toBe('The call ended')
  })
})
