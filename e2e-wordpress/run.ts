/**
 * `npm run test:wordpress`: the WordPress plugin on a real WordPress 6.1 (Debian's, on PHP's built-in
 * server and a MariaDB of its own, both in temporary directories), in Chromium, against the product.
 * Builds the plugin's zip, not the product: it runs the last `npm run build`. The product is started as
 * e2e-engines/run.ts starts it (the built server on a free port with a temporary database, against
 * loopback fakes of the voice platform and of the video webhook, so the video button shows), and is
 * stopped when the test is done, whatever happened.
 */
import { existsSync } from 'node:fs'
import { findChromium } from '../e2e/chromium.ts'
import { startFakeVideoWebhook, videoEnv } from '../e2e/fakes/fake-video-webhook.ts'
import { voiceEnv } from '../e2e/fakes/voice-platform.ts'
import { exitWith, runNodeTests } from '../scripts/run-node-tests.ts'
import { startProduct } from '../scripts/start-product.ts'
import { PLUGIN_ZIP, writePluginZip } from '../scripts/wordpress-zip.ts'
import { numberedWebCall, startFakeVapiApi } from '../widget/src/voice/testing/fake-vapi-api.ts'
import { makeSiteKey, prepareRep } from './embed-key.ts'
import { checkPackages } from './servers.ts'

async function main(): Promise<number> {
  // Before anything starts: what is missing is a setup problem with its own message.
  checkPackages()
  findChromium()
  if (!existsSync('dist/widget/widget.mjs')) {
    throw new Error('No widget in dist/widget/widget.mjs: run `npm run build` first (the product serves it).')
  }
  await writePluginZip()

  const [vapi, video] = await Promise.all([startFakeVapiApi(), startFakeVideoWebhook()])
  vapi.answerWith((callNumber) => ({ status: 201, body: numberedWebCall(callNumber) }))
  try {
    let invitation = ''
    const product = await startProduct(
      'voice-demo-wordpress-product-',
      { ...voiceEnv(vapi.url), ...videoEnv(video.url) },
      {
        prepare: async (dataDir) => {
          invitation = await prepareRep(dataDir)
        },
      },
    )
    try {
      // A rep's site key, made on the product as a rep makes one, for the plugin's settings.
      const key = await makeSiteKey(product.url, invitation)
      return await runNodeTests(['e2e-wordpress/wordpress.test.ts'], {
        WORDPRESS_TEST_PRODUCT_URL: product.url,
        WORDPRESS_TEST_ZIP: PLUGIN_ZIP,
        WORDPRESS_TEST_SITE_KEY: JSON.stringify(key),
      })
    } finally {
      await product.stop()
    }
  } finally {
    await Promise.all([vapi.close(), video.close()])
  }
}

exitWith(main)
