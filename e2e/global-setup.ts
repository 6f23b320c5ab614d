import { startProduct } from '../scripts/start-product.ts'
import { numberedWebCall, startFakeVapiApi } from '../widget/src/voice/testing/fake-vapi-api.ts'
import { NO_VIDEO_ENV, startFakeVideoWebhook, videoEnv } from './fakes/video-platform.ts'
import { NO_VOICE_ENV, voiceEnv } from './fakes/voice-platform.ts'

/** The main product's `SALES_TOOLS_SECRET`: the key the snippet page's specs type to list prospects. */
export const E2E_SALES_TOOLS_SECRET = 'e2e-sales-tools-secret-0123456789'

/**
 * Starts what the tests run against, each on a free port with a temporary database, exactly as
 * `npm run serve` does: the product configured for browser calls against a loopback fake of Vapi's
 * API (`E2E_BASE_URL`, `E2E_VAPI_API_URL`), for video calls against a loopback fake of the video
 * webhook (`E2E_VIDEO_URL`) and with the sales reps' prospect list on (`E2E_SALES_TOOLS_SECRET`), and
 * the same product without voice or video settings for the "not configured" path
 * (`E2E_NO_VOICE_BASE_URL`).
 */
export default async function startE2eProducts(): Promise<() => Promise<void>> {
  const [vapi, video] = await Promise.all([startFakeVapiApi(), startFakeVideoWebhook()])
  // A room per call: tests running in parallel find their own request by the room they joined.
  vapi.answerWith((callNumber) => ({ status: 201, body: numberedWebCall(callNumber) }))
  const started = await Promise.allSettled([
    startProduct('voice-demo-e2e-', {
      ...voiceEnv(vapi.url),
      ...videoEnv(video.url),
      SALES_TOOLS_SECRET: E2E_SALES_TOOLS_SECRET,
    }),
    startProduct('voice-demo-e2e-no-voice-', { ...NO_VOICE_ENV, ...NO_VIDEO_ENV }),
  ])
  const stopAll = async () => {
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : null)))
    await Promise.all([vapi.close(), video.close()])
  }
  const [product, noVoice] = started
  if (product?.status !== 'fulfilled' || noVoice?.status !== 'fulfilled') {
    await stopAll()
    throw started.find((result) => result.status === 'rejected')?.reason
  }
  process.env.E2E_BASE_URL = product.value.url
  process.env.E2E_NO_VOICE_BASE_URL = noVoice.value.url
  process.env.E2E_VAPI_API_URL = vapi.url
  process.env.E2E_VIDEO_URL = video.url
  return stopAll
}
