/**
 * The audio-level worker's entry. `widget/src/audio/` bundles it inline (`?worker&inline`) and starts
 * it from a `blob:` URL, because a worker script on our CDN cannot start on a partner's origin.
 */
import { expose } from 'comlink'
import { createAudioLevelApi } from './audio-level-api.ts'

expose(createAudioLevelApi())
