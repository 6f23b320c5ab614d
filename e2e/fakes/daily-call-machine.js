/**
 * A fake of Daily's "call machine", the bundle daily-js loads from its CDN at join time
 * (`https://c.daily.co/call-machine/versioned/<version>/static/call-machine-object-bundle.js`, added as
 * a <script> because the widget builds Vapi with `avoidEval`). e2e/fakes/fake-daily.ts serves it for
 * that URL, so the real daily-js and @vapi-ai/web run unchanged against it, in a real browser.
 *
 * The protocol, read from daily-js 0.87.0: both sides `window.postMessage` objects
 * `{ what: 'iframe-call-message', action, callClientId, from }` (`from` is 'module' from daily-js and
 * 'embedded' from us); a reply carries the request's `callbackStamp`. Media never crosses postMessage:
 * daily-js reads tracks from `window._daily.instances[id].callMachine.store.getState()`.
 *
 * Each load picks up the call objects waiting in `window._daily.pendings` (a second call is a new
 * call object, so daily-js adds this script again). The test drives the assistant through
 * `window.__fakeDaily`: `endCall()`, `speak(ms)`, `send(message)`, `snapshot()`.
 */
;(() => {
  const WHAT = 'iframe-call-message'
  const ASSISTANT_ID = 'fake-assistant'
  /** @vapi-ai/web plays only the participant with this name. */
  const ASSISTANT_NAME = 'Vapi Speaker'
  /** How long the first message lasts; the SDK's speech-end follows 1 s of silence after it. */
  const FIRST_MESSAGE_MS = 600
  /** Daily's audio level observers sample every 100 ms. */
  const SAMPLE_MS = 100
  const OFF = { subscribed: true, state: 'off', off: { byUser: true } }

  window.__fakeDaily ??= createFakeDaily()
  const fake = window.__fakeDaily
  for (const callClientId of window._daily?.pendings?.splice(0) ?? []) startCallMachine(callClientId)

  /** The global the test drives; survives the script being loaded again for the next call. */
  function createFakeDaily() {
    const machines = []
    const current = () => machines.findLast((machine) => machine.record.state === 'joined')
    return {
      machines,
      /** The assistant hangs up, as Vapi's server does: status-update `ended`, then it leaves the room. */
      endCall({ statusUpdate = true } = {}) {
        const machine = current()
        if (!machine) throw new Error('fake Daily: no call to end')
        if (statusUpdate) {
          const ended = { type: 'status-update', status: 'ended', endedReason: 'assistant-ended-call' }
          machine.sendFromAssistant(JSON.stringify(ended))
        }
        machine.assistantLeaves()
      },
      /** The assistant speaks for `ms` more (a tone, with levels above Vapi's 0.01 speech threshold). */
      speak(ms) {
        current()?.speak(ms)
      },
      /** The platform sends the browser a message (a transcript, a status update) as Vapi does. */
      send(message) {
        const machine = current()
        if (!machine) throw new Error('fake Daily: no call to send to')
        machine.sendFromAssistant(JSON.stringify(message))
      },
      /** What each call machine saw, as plain data for `page.evaluate`. */
      snapshot: () => machines.map((machine) => structuredClone(machine.record)),
    }
  }

  function startCallMachine(callClientId) {
    const store = { local: { public: {}, streams: {} }, streams: {}, participants: {} }
    /** Everything the test may assert on; plain data only. */
    const record = {
      callClientId,
      state: 'loaded',
      url: null,
      actions: [], // every daily-js request, in order
      appMessages: [], // what the SDK sent the assistant ('playable', JSON control messages)
      localAudio: [], // setLocalAudio(...) states
      micEnabled: null,
      assistantPresent: false,
      subscribed: false,
    }
    let media = null
    /**
     * Samples of speech still to report. Counted in samples, not milliseconds: on a busy machine a
     * timer may fire late, and speech measured by the clock could end before one sample reports it.
     */
    let speechSamples = 0
    const observers = { remote: false, local: false }
    let timer

    const post = (message) =>
      window.postMessage({ ...message, what: WHAT, from: 'embedded', callClientId }, window.location.origin)
    const reply = (request, result = {}) =>
      post({ action: 'fake-callback', callbackStamp: request.callbackStamp, ...result })

    const trackState = (playable) => (playable ? { subscribed: true, state: 'playable' } : OFF)
    const participant = (id, fields, audio) => ({
      session_id: id,
      user_id: id,
      owner: false,
      record: false,
      joined_at: new Date(),
      audio: audio.state === 'playable',
      video: false,
      screen: false,
      tracks: { audio, video: OFF, screenAudio: OFF, screenVideo: OFF },
      ...fields,
    })
    const localParticipant = () =>
      participant(`local-${callClientId}`, { local: true, user_name: '' }, trackState(record.micEnabled))
    // Until the SDK subscribes, the assistant's track is only 'sendable' (join uses manual subscription).
    const assistant = () =>
      participant(
        ASSISTANT_ID,
        { local: false, user_name: ASSISTANT_NAME },
        record.subscribed ? trackState(true) : { subscribed: false, state: 'sendable' },
      )

    /** One audio graph per call: the assistant's voice (a tone) and an analyser on the microphone. */
    function startMedia(microphone) {
      const context = new AudioContext()
      const tone = context.createOscillator()
      const volume = context.createGain()
      const voice = context.createMediaStreamDestination()
      volume.gain.value = 0
      tone.frequency.value = 220
      tone.connect(volume).connect(voice)
      tone.start()
      const analyser = context.createAnalyser()
      if (microphone) context.createMediaStreamSource(microphone).connect(analyser)
      return { context, volume, voice: voice.stream.getAudioTracks()[0], microphone, analyser }
    }

    /** The assistant's level now: syllables while speaking, silence otherwise. */
    function assistantLevel(now) {
      if (speechSamples <= 0) return 0
      return 0.08 + 0.22 * Math.abs(Math.sin(now / 50))
    }

    function microphoneLevel() {
      if (!media.microphone || !record.micEnabled) return 0
      const samples = new Float32Array(media.analyser.fftSize)
      media.analyser.getFloatTimeDomainData(samples)
      return Math.min(1, Math.sqrt(samples.reduce((sum, x) => sum + x * x, 0) / samples.length) * 4)
    }

    /** Daily's audio level observers sample every 100 ms; so does this, for both sides. */
    function tick() {
      const level = assistantLevel(Date.now())
      media.volume.gain.value = level
      if (observers.remote) {
        const participantsAudioLevel = record.assistantPresent ? { [ASSISTANT_ID]: level } : {}
        post({ action: 'remote-participants-audio-level', participantsAudioLevel })
        if (record.assistantPresent && speechSamples > 0) speechSamples -= 1
      }
      if (observers.local) post({ action: 'local-audio-level', audioLevel: microphoneLevel() })
    }

    async function join(request) {
      record.url = request.properties.url
      let microphone = null
      try {
        microphone = await navigator.mediaDevices.getUserMedia({ audio: true })
      } catch (error) {
        // Daily reports a refused device as a camera-error and joins without it.
        const msg = String(error?.message ?? error)
        post({
          action: 'camera-error',
          errorMsg: { errorMsg: msg, audioOk: false },
          error: { type: 'permissions', msg },
        })
      }
      if (record.state === 'left') {
        for (const track of microphone?.getTracks() ?? []) track.stop()
        return // left while the microphone was being opened
      }
      media = startMedia(microphone)
      store.local.streams.cam = { stream: microphone ?? new MediaStream() }
      record.micEnabled = Boolean(microphone)
      record.state = 'joined'
      timer = setInterval(tick, SAMPLE_MS)
      post({
        action: 'joined-meeting',
        callbackStamp: request.callbackStamp,
        participants: { local: localParticipant() },
      })
      // Vapi's bot joins after the visitor, so the SDK sees participant-joined and subscribes.
      setTimeout(() => {
        if (record.state !== 'joined') return
        store.streams.assistantAudio = {
          participantId: ASSISTANT_ID,
          type: 'cam',
          pendingTrack: media.voice,
          starttime: new Date().toISOString(),
        }
        record.assistantPresent = true
        post({ action: 'participant-joined', participant: assistant() })
      }, 50)
    }

    function leave() {
      if (record.state === 'left') return post({ action: 'left-meeting' })
      record.state = 'left'
      record.assistantPresent = false
      clearInterval(timer)
      if (media) {
        for (const track of media.microphone?.getTracks() ?? []) track.stop()
        media.voice.stop()
        media.context.close()
      }
      post({ action: 'left-meeting' })
    }

    /** Requests from daily-js, by action; unknown ones are only recorded. */
    const handlers = {
      'join-meeting': join,
      'leave-meeting': leave,
      'update-input-settings': (request) => reply(request, { inputSettings: request.inputSettings }),
      'start-remote-participants-audio-level-observer': (request) => {
        observers.remote = true
        reply(request)
      },
      'stop-remote-participants-audio-level-observer': () => {
        observers.remote = false
      },
      'start-local-audio-level-observer': (request) => {
        observers.local = true
        reply(request)
      },
      'stop-local-audio-level-observer': () => {
        observers.local = false
      },
      // The SDK subscribes to the assistant's audio on participant-joined: the track becomes playable,
      // daily-js emits track-started and the SDK plays it in an <audio>.
      'update-participant': (request) => {
        const tracks = request.properties?.setSubscribedTracks
        if (request.id !== ASSISTANT_ID || !(tracks === true || tracks?.audio === true)) return
        record.subscribed = true
        post({ action: 'participant-updated', participant: assistant() })
      },
      // Mute: the track stays but carries silence, as with Daily.
      'local-audio': (request) => {
        record.localAudio.push(request.state)
        record.micEnabled = Boolean(request.state && media?.microphone)
        for (const track of media?.microphone?.getAudioTracks() ?? []) track.enabled = record.micEnabled
        post({ action: 'participant-updated', participant: localParticipant() })
      },
      // 'playable': the SDK can hear the assistant. Vapi then says 'listening' (the SDK's call-start)
      // and speaks the first message.
      'app-msg': (request) => {
        record.appMessages.push(request.data)
        if (request.data !== 'playable') return
        sendFromAssistant('listening')
        speak(FIRST_MESSAGE_MS)
      },
    }

    function sendFromAssistant(data) {
      post({ action: 'app-message', data, fromId: ASSISTANT_ID })
    }

    function speak(ms) {
      speechSamples = Math.max(speechSamples, Math.ceil(ms / SAMPLE_MS))
    }

    function assistantLeaves() {
      if (!record.assistantPresent) return
      record.assistantPresent = false
      delete store.streams.assistantAudio
      post({ action: 'participant-left', participant: assistant() })
    }

    window.addEventListener('message', (event) => {
      const request = event.data
      if (request?.what !== WHAT || request.from !== 'module' || request.callClientId !== callClientId) return
      record.actions.push(request.action)
      handlers[request.action]?.(request)
    })
    window._daily.instances[callClientId].callMachine = {
      store: { getState: () => store },
      reset: () => {},
    }
    fake.machines.push({ record, sendFromAssistant, speak, assistantLeaves })
    post({ action: 'call-machine-initialized' })
    post({ action: 'loaded' })
  }
})()
