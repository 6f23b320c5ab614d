import { startProduct } from '../scripts/start-product.ts'
import { startFakeNotifyWebhook } from '../server/src/testing/fake-notify-webhook.ts'
import { startFixtureSites } from '../server/src/testing/fixture-sites.ts'
import { numberedWebCall, startFakeVapiApi } from '../widget/src/voice/testing/fake-vapi-api.ts'
import { E2E_VAPI_WEBHOOK_SECRET, ENGAGEMENT_ENV } from './fakes/engagement-env.ts'
import { NO_VIDEO_ENV, startFakeVideoWebhook, videoEnv } from './fakes/fake-video-webhook.ts'
import { NO_VOICE_ENV, voiceEnv } from './fakes/voice-platform.ts'
import { addRep, setPasswordWithLink } from './rep-product.ts'

/**
 * A rep of the main product, added by `npm run reps -- add` before it starts, with a password: the
 * axe checks of the reps' pages sign in as this rep.
 */
export const E2E_REP = { email: 'a11y-rep@example.com', password: 'e2e rep pass phrase' } as const
/** An admin of the main product, added the same way: the axe checks of the team page sign in as them. */
export const E2E_ADMIN = { email: 'a11y-admin@example.com', password: 'e2e admin pass phrase' } as const

/**
 * Starts what the tests run against, each on a free port with a temporary database, exactly as
 * `npm run serve` does: the product configured for browser calls against a loopback fake of Vapi's
 * API (`E2E_BASE_URL`, `E2E_VAPI_API_URL`), for video calls against a loopback fake of the video
 * webhook (`E2E_VIDEO_URL`) and with a sales rep (`E2E_REP`), and the same product without voice or
 * video settings for the "not configured" path (`E2E_NO_VOICE_BASE_URL`).
 */
export default async function startE2eProducts(): Promise<() => Promise<void>> {
  const [vapi, video, notify, fixtureSites] = await Promise.all([
    startFakeVapiApi(),
    startFakeVideoWebhook(),
    startFakeNotifyWebhook(),
    // Businesses' own websites on loopback, which the product may read through its allowance.
    startFixtureSites(),
  ])
  // A room per call: tests running in parallel find their own request by the room they joined.
  vapi.answerWith((callNumber) => ({ status: 201, body: numberedWebCall(callNumber) }))
  let repLink = ''
  let adminLink = ''
  const started = await Promise.allSettled([
    startProduct(
      'voice-demo-e2e-',
      {
        ...voiceEnv(vapi.url),
        ...videoEnv(video.url),
        ...ENGAGEMENT_ENV,
        NOTIFY_WEBHOOK_URL: notify.url,
        WEBSITE_READER_ALLOWED_HOSTS: fixtureSites.allowedHosts,
      },
      {
        prepare: async (dataDir) => {
          // One after the other: each command opens the embedded database itself.
          repLink = await addRep(dataDir, E2E_REP.email)
          adminLink = await addRep(dataDir, E2E_ADMIN.email, 'admin')
        },
      },
    ),
    startProduct('voice-demo-e2e-no-voice-', { ...NO_VOICE_ENV, ...NO_VIDEO_ENV }),
  ])
  const stopAll = async () => {
    await Promise.all(started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : null)))
    await Promise.all([vapi.close(), video.close(), notify.close(), fixtureSites.close()])
  }
  const [product, noVoice] = started
  if (product?.status !== 'fulfilled' || noVoice?.status !== 'fulfilled') {
    await stopAll()
    throw started.find((result) => result.status === 'rejected')?.reason
  }
  try {
    await setPasswordWithLink(product.value.url, repLink, E2E_REP.password)
    await setPasswordWithLink(product.value.url, adminLink, E2E_ADMIN.password)
  } catch (error) {
    await stopAll()
    throw error
  }
  process.env.E2E_BASE_URL = product.value.url
  // The assistant's Server URL, as an operator sets it on the platform: tool calls go to the product.
  vapi.sendServerMessagesTo(`${product.value.url}/api/webhooks/vapi`, E2E_VAPI_WEBHOOK_SECRET)
  process.env.E2E_NO_VOICE_BASE_URL = noVoice.value.url
  process.env.E2E_VAPI_API_URL = vapi.url
  process.env.E2E_VIDEO_URL = video.url
  process.env.E2E_NOTIFY_URL = notify.url
  process.env.E2E_FIXTURE_SITES = JSON.stringify(
    Object.fromEntries(fixtureSites.sites.map((site) => [site.name, site.url])),
  )
  return stopAll
}
