import { describe, expect, it } from 'vitest'
import { createLevelMeter } from './create-level-meter.ts'

// happy-dom has neither Worker nor OffscreenCanvas: exactly a page where the worker cannot start.
// The worker path itself is tested in real Chromium (e2e/audio.spec.ts).
describe('createLevelMeter without workers', () => {
  it('falls back to the main thread and still reports speech and levels', async () => {
    const meter = await createLevelMeter(document.createElement('canvas'))
    expect(meter.mode).toBe('main-thread')
    const events: string[] = []
    meter.onSpeech((event) => events.push(event))
    meter.setLive(true)
    meter.pushRemote(0.15, 0)
    meter.pushRemote(0, 100)
    meter.pushRemote(0, 1100)
    meter.pushMicrophone(new Float32Array(256).fill(-0.05), 1100)
    await expect.poll(() => events).toEqual(['speech-start', 'speech-end'])
    expect(await meter.getState()).toMatchObject({ live: true, speaking: false })
    expect((await meter.getState()).peakLocal).toBeCloseTo(0.05)
  })

  it('stops reporting speech once closed', async () => {
    const meter = await createLevelMeter(document.createElement('canvas'))
    const events: string[] = []
    meter.onSpeech((event) => events.push(event))
    meter.close()
    meter.pushRemote(0.15, 0)
    await new Promise((resolve) => setTimeout(resolve, 10))
    expect(events).toEqual([])
  })
})
