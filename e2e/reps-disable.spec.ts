import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { REP_API_PATH, REP_SESSION_COOKIE } from '#core/rep-api.ts'
import { type RunningProduct, startProduct } from '../scripts/start-product.ts'
import { NO_VIDEO_ENV } from './fakes/fake-video-webhook.ts'
import { NO_VOICE_ENV } from './fakes/voice-platform.ts'
import { expect, test } from './fixtures.ts'
import { signInOnPage } from './rep-fixtures.ts'
import {
  ADMIN,
  REP_EMAIL,
  runRepsCommand,
  setPasswordWithLink,
  signInWithApi,
  startRepProduct,
} from './rep-product.ts'

const PASSWORD = 'a rep pass phrase to lose'

/**
 * `npm run reps -- disable` as an operator runs it: the command opens the embedded database itself,
 * so the server is stopped first and started again on the same data directory afterwards (a new
 * port; cookies do not depend on the port, so the browser still sends the rep's session).
 */
test('a rep disabled by the command line is signed out at once, and signing in says the account is disabled', async ({
  page,
  context,
  playwright,
  pageErrors,
}) => {
  test.slow() // two starts of the product and three commands
  const dataDir = await mkdtemp(join(tmpdir(), 'voice-demo-e2e-reps-disable-'))
  let running: RunningProduct | null = null
  let admin: APIRequestContext | null = null
  try {
    const first = await startRepProduct('', { dataDir })
    running = first
    await setPasswordWithLink(first.url, first.repLink, PASSWORD)
    await page.goto(`${first.url}/_/sign-in`)
    await signInOnPage(page, REP_EMAIL, PASSWORD)
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
    // Another rep's session, to tell "disabled" from "the server restarted".
    admin = await playwright.request.newContext({ baseURL: first.url })
    await signInWithApi(admin, ADMIN.email, ADMIN.password)
    await first.stop()
    running = null

    await runRepsCommand(dataDir, ['disable', REP_EMAIL])
    const second = await startProduct('', { ...NO_VOICE_ENV, ...NO_VIDEO_ENV }, { dataDir })
    running = second
    const cookies = await context.cookies(second.url)
    expect(
      cookies.map((cookie) => cookie.name),
      'the browser still has the session',
    ).toContain(REP_SESSION_COOKIE)
    const adminSession = await admin.get(`${second.url}${REP_API_PATH}/session`)
    expect(adminSession.status(), "the admin's session outlived the restart").toBe(200)

    await page.goto(`${second.url}/_/prospects`)
    await expect(page).toHaveURL(/\/_\/sign-in\?next=%2F_%2Fprospects$/)
    await page.getByLabel('Email').fill(REP_EMAIL)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toHaveText('This account is disabled. Ask an admin to enable it.')
    await expect(page).toHaveURL(/\/_\/sign-in\?next=/)
  } finally {
    await admin?.dispose()
    await running?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
  expect(pageErrors).toEqual([])
})
