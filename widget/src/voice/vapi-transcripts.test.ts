import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAgentSettings } from '#core/agent-settings.ts'
import { createVapiClient, readTranscript } from './create-vapi-client.ts'
import { type FakeDailyCall, installFakeDaily } from './testing/fake-daily-call.ts'
import { startFakeVapiApi } from './testing/fake-vapi-api.ts'
import { fetchOverNodeHttp } from './testing/fetch-over-node-http.ts'
import type { TranscriptLine } from './voice-client.ts'

describe('readTranscript', () => {
  it("reads the agent's words as they come, and the visitor's final line", () => {
    expect(
      readTranscript({
        type: 'transcript',
        role: 'assistant',
        transcriptType: 'partial',
        transcript: 'Thanks for',
      }),
    ).toEqual({ speaker: 'agent', text: 'Thanks for', final: false })
    expect(
      readTranscript({
        type: 'transcript',
        role: 'user',
        transcriptType: 'final',
        transcript: ' I need a cleaning. ',
      }),
    ).toEqual({ speaker: 'visitor', text: 'I need a cleaning.', final: true })
  })

  it('reads the type as newer platform versions spell it too', () => {
    expect(
      readTranscript({
        type: 'transcript[transcriptType="final"]',
        role: 'assistant',
        transcriptType: 'final',
        transcript: 'Thanks for calling!',
      }),
    ).toEqual({ speaker: 'agent', text: 'Thanks for calling!', final: true })
  })

  it('ignores other messages, other speakers and lines without words', () => {
    const line = { type: 'transcript', role: 'assistant', transcriptType: 'final', transcript: 'Hi' }
    expect(readTranscript(null)).toBeNull()
    expect(readTranscript({ type: 'status-update', status: 'ended' })).toBeNull()
    expect(readTranscript({ ...line, type: 'speech-update' })).toBeNull()
    expect(readTranscript({ ...line, role: 'system' })).toBeNull()
    expect(readTranscript({ ...line, role: 'tool' })).toBeNull()
    expect(readTranscript({ ...line, transcript: '   ' })).toBeNull()
    expect(readTranscript({ ...line, transcript: 42 })).toBeNull()
  })
})

describe('createVapiClient: transcripts', () => {
  let api: Awaited<ReturnType<typeof startFakeVapiApi>>
  let daily: ReturnType<typeof installFakeDaily>

  beforeEach(async () => {
    api = await startFakeVapiApi()
    vi.stubGlobal('fetch', fetchOverNodeHttp)
    daily = installFakeDaily()
  })
  afterEach(async () => {
    vi.unstubAllGlobals()
    daily.restore()
    await api.close()
    document.body.innerHTML = ''
  })

  const say = (call: FakeDailyCall, role: string, transcript: string) =>
    call.sendFromServer({ type: 'transcript', role, transcriptType: 'final', transcript })

  it('passes the lines on while the call is live, and none once it has ended', async () => {
    const client = createVapiClient({
      publicKey: 'pk-public-123',
      defaultAssistantId: 'asst-default',
      apiUrl: api.url,
      model: { provider: 'openai', model: 'gpt-4o-mini' },
    })
    const lines: TranscriptLine[] = []
    client.on('transcript', (line) => lines.push(line))
    await client.start({
      assistantId: null,
      agent: createAgentSettings(
        {
          name: 'Ann',
          companyName: 'Acme',
          firstMessage: 'Hi!',
          system: 'S',
          variables: { name: 'Ann', company_name: 'Acme' },
          assistantId: null,
        },
        { prospectSlug: 'acme', visitId: null, source: 'browser' },
      ),
    })
    const call = daily.calls[0] as FakeDailyCall
    call.sendFromServer('listening')
    say(call, 'assistant', 'Thanks for calling!')
    say(call, 'user', 'Hello')
    await client.stop()
    say(call, 'assistant', 'Too late')

    expect(lines).toEqual([
      { speaker: 'agent', text: 'Thanks for calling!', final: true },
      { speaker: 'visitor', text: 'Hello', final: true },
    ])
  })
})
