// What the rest of the widget may know of the worker's audio levels; only this folder imports worker/.
export { FULL_VOLUME_LEVEL } from '../../../worker/audio-levels.ts'
