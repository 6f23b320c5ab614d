import { describe, expect, it } from 'vitest'
import { CALL_TEXT } from './call-text.ts'
import { createStartError, isMicrophoneRefusal } from './start-errors.ts'

describe('isMicrophoneRefusal', () => {
  it('recognises the browser refusal however the SDK wrapped it', () => {
    expect(isMicrophoneRefusal(new DOMException('Permission denied', 'NotAllowedError'))).toBe(true)
    expect(isMicrophoneRefusal({ type: 'start-method-error', error: { name: 'NotAllowedError' } })).toBe(true)
    expect(isMicrophoneRefusal({ error: { error: { type: 'permissions', blockedBy: 'user' } } })).toBe(true)
    expect(isMicrophoneRefusal({ error: { message: 'Permission dismissed' } })).toBe(true)
  })

  it('does not mistake other failures for a refusal', () => {
    expect(isMicrophoneRefusal(new TypeError('Failed to fetch'))).toBe(false)
    expect(isMicrophoneRefusal({ type: 'daily-call-join-error', error: { message: 'room expired' } })).toBe(
      false,
    )
    expect(isMicrophoneRefusal({ error: { type: 'not-found', blockedMedia: ['audio'] } })).toBe(false)
    expect(isMicrophoneRefusal(null)).toBe(false)
  })
})

describe('createStartError', () => {
  it('says the microphone was refused, keeping the NotAllowedError name for callers that map names', () => {
    const error = createStartError([{ error: { name: 'NotAllowedError' } }])
    expect(error).toMatchObject({ name: 'NotAllowedError', message: CALL_TEXT.microphoneDenied })
  })

  it('says the generic text otherwise, keeping the causes', () => {
    const cause = new Error('500')
    const error = createStartError([cause])
    expect(error).toMatchObject({ name: 'VoiceStartError', message: CALL_TEXT.startFailed, cause })
  })
})
