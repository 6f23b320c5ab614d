import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEMO_TOOLS } from '#core/demo-actions.ts'
import type { CallMetadata } from '#core/engagement.ts'
import type { VoiceConfig } from '#core/public-config.ts'
import { createVapiClient } from './create-vapi-client.ts'
import { type FakeDailyCall, installFakeDaily } from './testing/fake-daily-call.ts'
import { startFakeVapiApi, WEB_CALL } from './testing/fake-vapi-api.ts'
import { fetchOverNodeHttp } from './testing/fetch-over-node-http.ts'
import type { VoiceCallOptions, VoiceClient, VoiceClientEvent } from './voice-client.ts'

const METADATA: CallMetadata = {
  prospectSlug: 'bright-smile-dental',
  visitId: '6f1c2d3e-4b5a-4c6d-8e7f-901a2b3c4d5e',
  source: 'browser',
}
const PROSPECT: VoiceCallOptions = {
  assistantId: 'asst-prospect',
  agent: {
    firstMessage: 'Hi Maya!',
    system: 'You are the receptionist.',
    variableValues: { name: 'Dr. Maya Patel', company_name: 'Bright Smile Dental', city: 'Springfield' },
    metadata: METADATA,
    recordingEnabled: false,
    ownAssistant: false,
  },
}
const MICROPHONE_DENIED = 'Microphone access denied. Please allow microphone permissions and try again.'
const START_FAILED = 'Failed to start voice assistant. Please try again.'

let api: Awaited<ReturnType<typeof startFakeVapiApi>>
let daily: ReturnType<typeof installFakeDaily>
let prepareCall: (call: FakeDailyCall) => void

beforeEach(async () => {
  api = await startFakeVapiApi()
  vi.stubGlobal('fetch', fetchOverNodeHttp)
  prepareCall = () => {}
  daily = installFakeDaily((call) => prepareCall(call))
})
afterEach(async () => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  daily.restore()
  await api.close()
  document.body.innerHTML = ''
})

function createClient(overrides: Partial<VoiceConfig> = {}) {
  const config: VoiceConfig = {
    publicKey: 'pk-public-123',
    defaultAssistantId: 'asst-default',
    apiUrl: api.url,
    model: { provider: 'openai', model: 'gpt-4o-mini' },
    ...overrides,
  }
  const client = createVapiClient(config)
  return { client, log: recordEvents(client) }
}

/** Every event the client emits, in order, as `name` or `name:value`. */
function recordEvents(client: VoiceClient): string[] {
  const log: string[] = []
  const events: VoiceClientEvent[] = ['call-start', 'call-end', 'error', 'volume-level']
  for (const event of events) {
    client.on(event, (value?: unknown) => {
      const detail = value instanceof Error ? value.message : value
      log.push(detail === undefined ? event : `${event}:${String(detail)}`)
    })
  }
  return log
}

/** The call object the SDK created for the one call of a test. */
function theCall(): FakeDailyCall {
  expect(daily.calls).toHaveLength(1)
  return daily.calls[0] as FakeDailyCall
}

/** The assistant's track arrives; the SDK tells the server 'playable' once its `<audio>` is attached. */
async function playAssistantAudio(): Promise<void> {
  theCall().startAssistantAudio()
  await vi.waitFor(() => expect(theCall().appMessages).toContain('playable'))
  expect(document.querySelectorAll('audio')).toHaveLength(1)
}

describe('createVapiClient: starting a call', () => {
  it('posts /call/web with the bearer public key, the assistant, the overrides and the metadata, and joins without eval', async () => {
    const { client, log } = createClient()
    await client.start(PROSPECT)

    expect(api.posts()).toHaveLength(1)
    const [request] = api.posts()
    expect(request?.path).toBe('/call/web')
    expect(request?.headers.authorization).toBe('Bearer pk-public-123')
    expect(request?.body).toEqual({
      assistantId: 'asst-prospect',
      assistantOverrides: {
        firstMessage: 'Hi Maya!',
        model: {
          provider: 'openai',
          model: 'gpt-4o-mini',
          messages: [{ role: 'system', content: 'You are the receptionist.' }],
          // The demo's tools, whose calls the platform sends to the assistant's Server URL.
          tools: DEMO_TOOLS,
        },
        // The values the texts were made from, as the platform's template variables.
        variableValues: { name: 'Dr. Maya Patel', company_name: 'Bright Smile Dental', city: 'Springfield' },
        // Handed back in the end-of-call report, which links it to the prospect and the visit.
        metadata: METADATA,
        // Nothing recorded: no sound, no video, no packet capture.
        artifactPlan: { recordingEnabled: false, videoRecordingEnabled: false, pcapEnabled: false },
      },
    })
    expect(theCall().options).toMatchObject({ audioSource: true, dailyConfig: { avoidEval: true } })
    expect(theCall().joins).toEqual([expect.objectContaining({ url: WEB_CALL.webCallUrl })])

    expect(log).toEqual([])
    theCall().sendFromServer('listening')
    expect(log).toEqual(['call-start'])
  })

  it('uses the configured default assistant when the prospect has none', async () => {
    const { client } = createClient()
    await client.start({ ...PROSPECT, assistantId: null })
    expect(api.posts()[0]?.body).toMatchObject({ assistantId: 'asst-default' })
  })

  it('refuses a second start while a call is under way', async () => {
    const { client } = createClient()
    const first = client.start(PROSPECT)
    await client.start(PROSPECT)
    await first
    await client.start(PROSPECT)
    expect(api.posts()).toHaveLength(1)
    expect(daily.calls).toHaveLength(1)
  })
})

describe('createVapiClient: start failures', () => {
  it('rejects with the generic message when the platform refuses, and can start again afterwards', async () => {
    const { client, log } = createClient()
    api.answerWith({ status: 400, body: { message: ['assistantId must be a UUID'], statusCode: 400 } })
    await expect(client.start(PROSPECT)).rejects.toThrow(START_FAILED)
    expect(log).toEqual([]) // the failure is the rejection, not also an `error` event

    api.answerWith({ status: 201, body: WEB_CALL })
    await client.start(PROSPECT)
    expect(api.posts()).toHaveLength(2)
  })

  it('names the microphone when joining fails with NotAllowedError', async () => {
    const { client } = createClient()
    prepareCall = (call) => {
      call.joinGate = Promise.reject(new DOMException('Permission denied', 'NotAllowedError'))
    }
    await expect(client.start(PROSPECT)).rejects.toThrow(MICROPHONE_DENIED)
  })

  it('names the microphone when Daily reports it blocked, and leaves the silent call', async () => {
    const { client, log } = createClient()
    prepareCall = (call) => {
      call.on('joined-meeting', () =>
        call.emit('camera-error', {
          errorMsg: { errorMsg: 'not allowed', audioOk: false },
          error: { type: 'permissions', blockedBy: 'user', blockedMedia: ['audio'] },
        }),
      )
    }
    const failure = await client.start(PROSPECT).catch((error: Error) => error)
    expect(failure).toMatchObject({ name: 'NotAllowedError', message: MICROPHONE_DENIED })
    expect(theCall().destroyed).toBe(true)
    expect(log).toEqual([])
  })

  it('rejects without calling the platform when no assistant is known', async () => {
    const { client } = createClient({ defaultAssistantId: null })
    await expect(client.start({ ...PROSPECT, assistantId: null })).rejects.toThrow(START_FAILED)
    expect(api.posts()).toHaveLength(0)
  })
})

describe('createVapiClient: during a call', () => {
  it('passes the volume as min(1, summed level / 0.15) while the call lasts, and nothing after', async () => {
    const { client, log } = createClient()
    await client.start(PROSPECT)
    theCall().emitRemoteLevels({ assistant: 0.03, other: 0.03 })
    theCall().emitRemoteLevels({ assistant: 0.3 })
    theCall().emitRemoteLevels({ assistant: 0.005 })
    theCall().endFromServer()
    theCall().emitRemoteLevels({ assistant: 0.3 })
    expect(log).toEqual([
      'volume-level:0.4',
      'volume-level:1',
      'volume-level:0.03333333333333333',
      'call-end',
    ])
  })

  it("hands out the visitor's microphone track and mutes it only while live", async () => {
    const { client } = createClient()
    client.setMuted(true) // no call: nothing to mute, and no throw
    expect(client.getMicrophoneTrack()).toBeNull()
    await client.start(PROSPECT)
    expect(client.getMicrophoneTrack()).toBe(theCall().microphoneTrack)
    client.setMuted(true)
    expect(theCall().localAudioEnabled).toBe(false)
    client.setMuted(false)
    expect(theCall().localAudioEnabled).toBe(true)
    await client.stop()
    expect(client.getMicrophoneTrack()).toBeNull()
  })
})

describe('createVapiClient: ending a call', () => {
  it('ends once when the assistant leaves, removing its <audio> element', async () => {
    const { client, log } = createClient()
    await client.start(PROSPECT)
    await playAssistantAudio()

    theCall().endFromServer()
    expect(log).toEqual(['call-end'])
    expect(document.querySelectorAll('audio')).toHaveLength(0)
    await vi.waitFor(() => expect(theCall().destroyed).toBe(true))
    expect(log).toEqual(['call-end'])
  })

  it('ends when the server says status-update ended, before the participant leaves', async () => {
    const { client, log } = createClient()
    await client.start(PROSPECT)
    theCall().sendFromServer('listening')
    theCall().sendFromServer({ type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' })
    await vi.waitFor(() => expect(log).toEqual(['call-start', 'call-end']))
    expect(theCall().destroyed).toBe(true)
    await client.start(PROSPECT) // free for the next call
    expect(daily.calls).toHaveLength(2)
  })

  it('stops a live call: the call object is destroyed, its <audio> removed, and call-end follows', async () => {
    const { client, log } = createClient()
    await client.start(PROSPECT)
    theCall().sendFromServer('listening')
    await playAssistantAudio()

    await client.stop() // Daily leaves without a participant-left: the SDK would keep the element
    expect(theCall().destroyed).toBe(true)
    expect(document.querySelectorAll('audio')).toHaveLength(0)
    expect(log).toEqual(['call-start', 'call-end'])
  })

  it('honours a stop requested while connecting as soon as the call connects', async () => {
    const { client, log } = createClient()
    let answer = () => {}
    api.answerWith({ status: 201, body: WEB_CALL, gate: new Promise((resolve) => (answer = resolve)) })
    const starting = client.start(PROSPECT)
    await vi.waitFor(() => expect(api.posts()).toHaveLength(1))
    const stopping = client.stop()
    answer()
    await Promise.all([starting, stopping])
    expect(theCall().joins).toHaveLength(1)
    expect(theCall().destroyed).toBe(true)
    expect(log).toEqual(['call-end'])
  })

  it('reports a fatal Daily error once with a safe message and leaves the call', async () => {
    const { client, log } = createClient()
    await client.start(PROSPECT)
    theCall().sendFromServer('listening')
    theCall().emit('error', { action: 'error', errorMsg: 'Meeting ended due to ejection' })
    await vi.waitFor(() => expect(theCall().destroyed).toBe(true))
    expect(log).toEqual(['call-start', 'error:Failed to connect to voice assistant', 'call-end'])
  })

  it('only ends the call when Daily reports an error while the call is ending', async () => {
    const { client, log } = createClient()
    await client.start(PROSPECT)
    theCall().sendFromServer('listening')
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    let leave = () => {}
    theCall().destroy = () => new Promise((resolve) => (leave = () => resolve()))
    theCall().sendFromServer({ type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' })
    theCall().emit('error', { action: 'error', errorMsg: 'Meeting has ended', type: 'ejected' })
    leave()
    await vi.waitFor(() => expect(log).toEqual(['call-start', 'call-end']))
    expect(warn).toHaveBeenCalledOnce()
    warn.mockRestore()
  })

  it('keeps the call through a nonfatal noise-cancellation failure', async () => {
    const { client, log } = createClient()
    await client.start(PROSPECT)
    theCall().updateInputSettings = () => Promise.reject(new Error('KrispInitError: Canceled'))
    theCall().emit('nonfatal-error', { action: 'nonfatal-error', type: 'audio-processor-error' })
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(log).toEqual([])
    expect(theCall().destroyed).toBe(false)
  })
})
