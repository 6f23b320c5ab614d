import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium.ts'

const launchOptions = { executablePath: findChromium(), args: CHROMIUM_ARGS }
const VISUAL = /visual\/.*\.spec\.ts$/
/**
 * What a phone lays out differently (widths, the header, bottom sheets, full-screen overlays, touch):
 * the phone project runs the specs about a phone's layout as a whole, and elsewhere the tests tagged
 * `@phone`. The rest checks what is the same at any width (headers, call logic, audio, embedding,
 * data), once, in the desktop project. Matched against the file and the titles (Playwright's grep).
 */
const PHONE_TESTS = /(^|[ /])(a11y|phones-first|embed-phone)\.spec\.ts |@phone/
const PHONE_ONLY = /\/phones-first\.spec\.ts$/

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'list' : [['list']],
  // Deadlines for a machine that is busy with other work too (CI next to other jobs), not for an idle
  // one: a test must fail for what it checks, never for how fast the machine happens to be.
  timeout: 90_000,
  expect: {
    timeout: 20_000,
    // Per pixel: a colour distance that anti-aliasing stays within, and pixels the comparison finds to
    // be anti-aliased edges are skipped. No number of other pixels may differ.
    toHaveScreenshot: {
      threshold: 0.2,
      maxDiffPixels: 0,
      animations: 'disabled',
      caret: 'hide',
      scale: 'css',
    },
  },
  snapshotPathTemplate: '{testDir}/visual/baselines/{arg}{ext}',
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'desktop',
      testIgnore: [VISUAL, PHONE_ONLY],
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      // Screenshots of every widget state compared with the committed baselines: each spec sets its
      // own widths (1280, 390) and theme, at one device pixel per CSS pixel.
      name: 'visual',
      testMatch: VISUAL,
      use: { browserName: 'chromium', deviceScaleFactor: 1, launchOptions },
    },
    {
      name: 'phone',
      testIgnore: VISUAL,
      grep: PHONE_TESTS,
      use: {
        browserName: 'chromium',
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions,
      },
    },
  ],
})
