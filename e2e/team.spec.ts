import { expect, signInOnPage, test } from './rep-fixtures.ts'
import { ADMIN } from './rep-product.ts'

/**
 * The team page as an admin uses it, on a product of this spec's own that keeps running throughout:
 * an invitation, its link copied and used by the new rep in a browser of their own, and the rep
 * disabled, which signs them out at their next request.
 */
// Chromium grants these to every origin, so the test can read back what Copy wrote.
test.use({ permissions: ['clipboard-read', 'clipboard-write'] })

const INVITEE = { email: 'team-invitee@example.com', password: 'a team pass phrase 2026' } as const
/** The admin's email as a pattern matches it literally. */
const BY_ADMIN = `by ${ADMIN.email.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`

test('an admin invites a rep, the rep sets a password and signs in, and disabling them signs them out at once', async ({
  page,
  browser,
  repProduct,
  pageErrors,
}) => {
  // The admin signs in on their way to the team page.
  await page.goto('/_/team')
  await signInOnPage(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/_\/team$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeVisible()
  await expect(
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Team' }),
  ).toHaveAttribute('aria-current', 'page')

  const invite = page.getByRole('region', { name: 'Invite someone' })
  await invite.getByLabel('Email').fill(INVITEE.email)
  await invite.getByLabel('Role').selectOption({ label: 'Rep' })
  await invite.getByRole('button', { name: 'Invite', exact: true }).click()
  await expect(invite.getByText(`Invited ${INVITEE.email} as a rep.`)).toBeVisible()
  await expect(invite).toContainText(`Send this link to ${INVITEE.email}; it works once, for 24 hours`)
  await expect(invite).toContainText('No email is sent')
  await invite.getByRole('button', { name: 'Copy link' }).click()
  await expect(invite.getByRole('status').filter({ hasText: /^Copied$/ })).toHaveCount(1)
  const link = await page.evaluate(() => navigator.clipboard.readText())
  // Without SITE_URL, on the origin the page was opened at, like the command line's links.
  expect(link.startsWith(`${repProduct.url}/_/set-password#token=`), link).toBe(true)
  expect(link).toMatch(/#token=[\w-]{43}$/)

  const table = page.getByRole('table', { name: 'Team' })
  const manage = page.getByRole('button', { name: `Manage ${INVITEE.email}` })
  const row = table.getByRole('row').filter({ has: manage })
  await expect(row).toContainText('Invited — link not used yet')
  await expect(row).toContainText('Never')

  // The new rep, in a browser of their own.
  const repContext = await browser.newContext()
  const repPage = await repContext.newPage()
  try {
    await repPage.goto(link)
    await expect(repPage.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible()
    await repPage.getByLabel('New password', { exact: true }).fill(INVITEE.password)
    await repPage.getByLabel('Repeat the new password').fill(INVITEE.password)
    await repPage.getByRole('button', { name: 'Set password and sign in' }).click()
    await expect(repPage.getByRole('heading', { level: 1, name: 'Prospects' })).toBeVisible()
    // Signed out, then in with the password they chose.
    await repPage.getByRole('button', { name: 'Sign out' }).click()
    await signInOnPage(repPage, INVITEE.email, INVITEE.password)
    await expect(repPage.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
    const repSections = repPage.getByRole('navigation', { name: 'Sections' })
    await expect(repSections.getByRole('link', { name: 'Prospects' })).toBeVisible()
    await expect(repSections.getByRole('link', { name: 'Team' }), 'the team is for admins').toHaveCount(0)
    const teamAnswer = await repPage.request.get(`${repProduct.url}/api/reps/team`)
    expect(teamAnswer.status(), 'and so is its data').toBe(403)

    // The admin sees them active and signed in, and disables them.
    await page.reload()
    await expect(row).toContainText('Active')
    await expect(row).toContainText('just now')
    await manage.click()
    await expect(manage).toHaveAttribute('aria-expanded', 'true')
    const history = page.getByRole('region', { name: `History of ${INVITEE.email}` }).getByRole('listitem')
    await expect(history).toHaveText([
      /^Set their password with their link · /,
      new RegExp(`^Invited as a rep ${BY_ADMIN} · `),
    ])
    await page.getByRole('button', { name: 'Disable', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: `Disable ${INVITEE.email}?` })
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Disable', exact: true }).click()
    await expect(dialog).toBeHidden()
    const outcome = page.getByText(`Disabled ${INVITEE.email}; 1 session ended.`)
    await expect(outcome).toBeFocused()
    await expect(row).toContainText('Disabled')
    await expect(history.first()).toHaveText(new RegExp(`^Disabled ${BY_ADMIN}; 1 session ended · `))

    // The rep's next request, still in their open tab, lands on sign-in, which says why.
    await repSections.getByRole('link', { name: 'Prospects' }).click()
    await expect(repPage).toHaveURL(/\/_\/sign-in\?next=%2F_%2Fprospects$/)
    await repPage.getByLabel('Email').fill(INVITEE.email)
    await repPage.getByLabel('Password', { exact: true }).fill(INVITEE.password)
    await repPage.getByRole('button', { name: 'Sign in' }).click()
    await expect(repPage.getByRole('alert')).toHaveText(
      'This account is disabled. Ask an admin to enable it.',
    )
  } finally {
    await repContext.close()
  }
  expect(pageErrors).toEqual([])
})
