/**
 * What `embed-demo/audio-test.html` imports in the end-to-end test (e2e/audio.spec.ts builds it on its
 * own). Not part of the widget build: the call chunk imports the meter itself.
 */
export { createLevelMeter } from './create-level-meter.ts'
export { readMicrophone } from './read-microphone.ts'
