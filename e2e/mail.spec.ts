import type { Page } from '@playwright/test'
import { type SmtpTestServer, startSmtpTestServer } from '../server/src/testing/smtp-test-server.ts'
import { test as base, expect } from './fixtures.ts'
import { signInOnPage } from './rep-fixtures.ts'
import { ADMIN, type RepProduct, startRepProduct } from './rep-product.ts'

/**
 * Mail as people live it, against a real SMTP server on loopback that this spec starts (smtp-server,
 * messages read back with mailparser): an admin invites someone, the invitation arrives, and its link,
 * followed in a browser of the invitee's own, sets a password and signs in; a rep who forgot their
 * password asks for a link, and the link from the mail sets a new one; an address the mail server
 * rejects shows on the Team page in the server's words.
 */
const test = base.extend<Record<never, never>, { mail: { smtp: SmtpTestServer; product: RepProduct } }>({
  mail: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads fixture dependencies from this pattern
    async ({}, use) => {
      const smtp = await startSmtpTestServer()
      const product = await startRepProduct('voice-demo-e2e-mail-', {
        env: { SMTP_URL: smtp.url, MAIL_FROM: 'team@callpilot.example' },
      })
      await use({ smtp, product })
      await product.stop()
      await smtp.close()
    },
    // Two commands and the first start of a database, on a machine that may be busy.
    { scope: 'worker', timeout: 180_000 },
  ],
  baseURL: async ({ mail }, use) => {
    await use(mail.product.url)
  },
})

// One product and one mail server for the spec's tests, in order: each counts the mail before it.
test.describe.configure({ mode: 'default' })

const linkIn = (text: string | undefined) => {
  const link = /https?:\/\/\S+\/_\/set-password#token=[\w-]{43}/.exec(text ?? '')?.[0]
  if (!link) throw new Error(`no link in the mail:\n${text}`)
  return link
}

async function setPasswordOnPage(page: Page, password: string) {
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill(password)
  await page.getByLabel('Repeat the new password').fill(password)
  await page.getByRole('button', { name: 'Set password and sign in' }).click()
}

test('an invitation arrives by mail, and its link sets a password and signs the new rep in', async ({
  page,
  browser,
  mail,
  pageErrors,
}) => {
  const before = mail.smtp.received.length
  await page.goto('/_/team')
  await signInOnPage(page, ADMIN.email, ADMIN.password)
  const invite = page.getByRole('region', { name: 'Invite someone' })
  await invite.getByLabel('Email').fill('gil@example.com')
  await invite.getByRole('button', { name: 'Invite', exact: true }).click()
  await expect(invite.getByText('Invited gil@example.com as a rep.')).toBeVisible()
  const [message] = (await mail.smtp.waitForCount(before + 1)).slice(before)
  // The page learns the mail server took it.
  await expect(invite).toContainText('We emailed the link to gil@example.com.')
  await expect(invite).not.toContainText('No email is sent')

  expect(message?.parsed.from?.text).toBe('"CallPilot" <team@callpilot.example>')
  expect(message?.parsed.html).toBe(false)
  const link = linkIn(message?.parsed.text)
  const context = await browser.newContext()
  const gil = await context.newPage()
  try {
    await gil.goto(link)
    await setPasswordOnPage(gil, 'gil pass phrase 2026')
    await expect(gil.getByRole('heading', { level: 1, name: 'Prospects' })).toBeVisible()
  } finally {
    await context.close()
  }
  expect(pageErrors).toEqual([])
})

test('a rep who forgot their password gets a link by mail that sets a new one', async ({ page, mail }) => {
  const before = mail.smtp.received.length
  await page.goto('/_/sign-in')
  await page.getByRole('button', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
  await page.getByLabel('Email').fill('gil@example.com')
  await page.getByRole('button', { name: 'Email me a link' }).click()
  await expect(page.getByRole('status')).toContainText('If gil@example.com is the address of an account')
  const [message] = (await mail.smtp.waitForCount(before + 1)).slice(before)
  expect(message?.parsed.subject).toBe('Reset your CallPilot password')

  await page.goto(linkIn(message?.parsed.text))
  await setPasswordOnPage(page, 'a fresh pass phrase 27')
  await expect(page.getByRole('heading', { level: 1, name: 'Prospects' })).toBeVisible()
  // And the new password signs in.
  await page.context().clearCookies()
  await page.goto('/_/sign-in')
  await signInOnPage(page, 'gil@example.com', 'a fresh pass phrase 27')
})

test('an address the mail server rejects shows on the Team page in its words, with the link to copy', async ({
  page,
  mail,
}) => {
  mail.smtp.rejectRecipient('nobody@bounce.example')
  await page.goto('/_/team')
  await signInOnPage(page, ADMIN.email, ADMIN.password)
  const invite = page.getByRole('region', { name: 'Invite someone' })
  await invite.getByLabel('Email').fill('nobody@bounce.example')
  await invite.getByRole('button', { name: 'Invite', exact: true }).click()
  await expect(invite.getByRole('alert')).toContainText(
    'The email to nobody@bounce.example could not be delivered: 550',
  )
  await expect(invite.getByRole('alert')).toContainText('Recipient address rejected')
  await expect(invite.getByRole('button', { name: 'Copy link' })).toBeVisible()
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('button', { name: 'Manage nobody@bounce.example' }) })
  await expect(row).toContainText('could not be delivered')
})

test('a rep chooses on their profile to get nudges by email', async ({ page }) => {
  await page.goto('/_/profile')
  await signInOnPage(page, ADMIN.email, ADMIN.password)
  const nudges = page.getByRole('region', { name: 'Nudges about your prospects' })
  await nudges.getByRole('radio', { name: 'By email as well as in the team’s chat' }).check()
  await nudges.getByRole('button', { name: 'Save' }).click()
  await expect(nudges.getByRole('status')).toHaveText('Saved.')
  await page.reload()
  await expect(nudges.getByRole('radio', { name: 'By email as well as in the team’s chat' })).toBeChecked()
})
