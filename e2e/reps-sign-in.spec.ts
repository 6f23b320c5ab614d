import type { Locator, Page } from '@playwright/test'
import { expect, signInOnPage, test } from './rep-fixtures.ts'
import { ADMIN } from './rep-product.ts'

/**
 * Signing in, and the reps' pages by keyboard alone, on a product of this spec's own with an admin
 * whose password is set. One product for the file: its tests run in order in one worker.
 */
test.describe.configure({ mode: 'default' })

/**
 * Presses Tab until `target` has focus, as a keyboard user moves through a page, and fails past `max`
 * presses: the target is reachable by Tab. (Pages do not move focus when they change, so where the
 * walk starts after a page change is the browser's choice: the test asserts the stops that matter.)
 */
async function tabTo(page: Page, target: Locator, max = 60): Promise<void> {
  await expect(target).toBeVisible()
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((element) => element === document.activeElement)) return
  }
  throw new Error(`${target} was not reached in ${max} presses of Tab`)
}

/** Tab once, and the focus is on `next`: the order a keyboard user expects. */
async function tabOnTo(page: Page, next: Locator): Promise<void> {
  await page.keyboard.press('Tab')
  await expect(next).toBeFocused()
}

test("a wrong password is refused in the server's words; the right one opens the page the old link named", async ({
  page,
  pageErrors,
}) => {
  // The snippet page's old address, with the prospect it showed: now that prospect's page for reps.
  await page.goto('/_/snippets?slug=harbor-realty')
  await expect(page).toHaveURL(/\/_\/sign-in\?next=%2F_%2Fprospects%2Fharbor-realty$/)
  await page.getByLabel('Email').fill(ADMIN.email)
  await page.getByLabel('Password', { exact: true }).fill('not the password at all')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('That email and password do not match.')
  await expect(page).toHaveURL(/\/_\/sign-in\?next=/)

  await signInOnPage(page, ADMIN.email, ADMIN.password)
  await expect(page).toHaveURL(/\/_\/prospects\/harbor-realty$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor Realty Group' })).toBeVisible()
  await expect(page.getByRole('banner')).toContainText(`${ADMIN.email}Admin`)
  expect(pageErrors).toEqual([])
})

test('by keyboard alone: sign in, create a prospect (a refused save focuses the bad field), and the delete dialog', async ({
  page,
  pageErrors,
}) => {
  await page.goto('/_/sign-in')
  await tabTo(page, page.getByLabel('Email'))
  await page.keyboard.type(ADMIN.email)
  await tabOnTo(page, page.getByLabel('Password', { exact: true }))
  await page.keyboard.type(ADMIN.password)
  await page.keyboard.press('Enter')
  // Signed in without a page asked for: the reps' home, Activity; Prospects is the next section.
  await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible()
  await expect(page).toHaveURL(/\/_\/activity$/)
  await tabTo(
    page,
    page.getByRole('navigation', { name: 'Sections' }).getByRole('link', { name: 'Prospects' }),
  )
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Prospects' })).toBeVisible()

  await tabTo(page, page.getByRole('link', { name: 'New prospect' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'New prospect' })).toBeVisible()
  await tabTo(page, page.getByLabel('Company name'))
  await page.keyboard.type('Keyboard Bakery')
  await tabOnTo(page, page.getByLabel('Contact name'))
  await page.keyboard.type('Kim Lee')
  await tabOnTo(page, page.getByLabel('Slug'))
  await expect(page.getByLabel('Slug')).toHaveValue('keyboard-bakery')
  // The business: its website (Fill from website waits for one), phone, words and colour, all optional.
  for (const label of ['Website', 'Phone number', 'About the business', 'Brand colour']) {
    await tabOnTo(page, page.getByLabel(label)) // left empty
  }
  // The agent: the kind of business (the general one is chosen), its details, then the own words.
  const kind = page.getByLabel('Kind of business')
  await tabOnTo(page, kind)
  await expect(kind).toHaveValue('general')
  await tabOnTo(page, page.getByLabel('City'))
  await page.keyboard.type('Portland')
  for (const label of ['Services', 'Opening hours', 'Booking link']) {
    await tabOnTo(page, page.getByLabel(label)) // left empty: the agent does without them
  }
  await tabOnTo(page, page.getByText("Write the agent's words yourself"))
  await page.keyboard.press('Enter')
  await tabOnTo(page, page.getByLabel('Own first message (optional)')) // left empty: the template's
  const system = page.getByLabel('Own system prompt (optional)')
  await tabOnTo(page, system)
  await page.keyboard.type('You take bread orders for {{ bakery }}.')
  await tabOnTo(page, page.getByLabel('Assistant ID (optional)'))
  // An admin picks the owner (the admin, unless changed); a rep's prospects are their own.
  const owner = page.getByLabel('Owner')
  await tabOnTo(page, owner)
  const create = page.getByRole('button', { name: 'Create prospect' })
  await tabOnTo(page, create)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('alert')).toHaveText('Please correct the marked fields.')
  await expect(system, 'a refused save moves focus to the first field with a problem').toBeFocused()
  await expect(system).toHaveAccessibleDescription(/"bakery" is not a placeholder/)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type('You take bread orders for {{ company_name }}.')
  await expect(system).not.toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('alert'), 'the form says nothing is wrong once nothing is').toHaveCount(0)
  await tabOnTo(page, page.getByLabel('Assistant ID (optional)'))
  await tabOnTo(page, owner)
  await tabOnTo(page, create)
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/_\/prospects\/keyboard-bakery$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Keyboard Bakery' })).toBeVisible()

  await tabTo(page, page.getByRole('link', { name: 'Edit', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Keyboard Bakery' })).toBeVisible()
  const opener = page.getByRole('button', { name: 'Delete prospect' })
  await tabTo(page, opener)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Delete Keyboard Bakery?' })
  await expect(
    dialog.getByRole('button', { name: 'Cancel' }),
    'the dialog opens on the safe choice',
  ).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(opener, 'closing gives focus back to the button that opened it').toBeFocused()
  await page.keyboard.press('Enter')
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused()
  await tabOnTo(page, dialog.getByRole('button', { name: 'Delete', exact: true }))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/_\/prospects$/)
  // The list opens on the admin's own prospects (other specs of this worker may have made some), and
  // the deleted one is gone from it.
  await expect(page.getByRole('heading', { level: 1, name: 'Prospects' })).toBeVisible()
  await expect(page.getByRole('combobox', { name: 'Owner' })).toHaveValue('me')
  await expect(page.getByRole('link', { name: 'Keyboard Bakery' })).toHaveCount(0)
  expect(pageErrors).toEqual([])
})
