import { defineConfig, devices } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from './e2e/chromium.ts'

const launchOptions = { executablePath: findChromium(), args: CHROMIUM_ARGS }

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: process.env.CI ? 'list' : [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: { trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'desktop',
      use: { browserName: 'chromium', viewport: { width: 1280, height: 800 }, launchOptions },
    },
    {
      name: 'phone',
      use: {
        browserName: 'chromium',
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions,
      },
    },
  ],
})
