import { CSRF_HEADER, type TeamLinkResponse } from '#core/rep-api.ts'
import { expect, signInOnPage, test } from './rep-fixtures.ts'
import { ADMIN, createProspectWithApi, setPasswordWithLink, signInWithApi } from './rep-product.ts'

/**
 * Who may change a prospect, as a rep and an admin live it in two browsers on one running product:
 * a rep's lists open on their own prospects, someone else's prospect is theirs to read only, an admin
 * hands it over with the form's owner picker, and what the rep then types survives a reload and the
 * end of their session.
 */
/** A rep of this test's own (the product's first rep and their link belong to other specs). */
const REP_EMAIL = 'owner-rep@example.com'
const REP_PASSWORD = 'an owner pass phrase 2026'

test('a rep changes only their own prospects; an admin reassigns one to them, and their typing is never lost', async ({
  page,
  browser,
  repProduct,
  pageErrors,
}) => {
  test.slow() // two people, several pages each
  // The admin invites the rep (as the team page does), who sets a password with the link.
  const adminSession = await signInWithApi(page.request, ADMIN.email, ADMIN.password)
  const invited = await page.request.post('/api/reps/team', {
    data: { email: REP_EMAIL, role: 'rep' },
    headers: { [CSRF_HEADER]: adminSession.csrfToken },
  })
  expect(invited.status()).toBe(201)
  const { link } = (await invited.json()) as TeamLinkResponse
  await setPasswordWithLink(repProduct.url, link.url, REP_PASSWORD)
  // The rep's own prospect, and one of the admin's.
  const repContext = await browser.newContext({ baseURL: repProduct.url })
  const repPage = await repContext.newPage()
  try {
    const repSession = await signInWithApi(repPage.request, REP_EMAIL, REP_PASSWORD)
    await createProspectWithApi(repPage.request, repSession, {
      slug: 'rivera-plumbing',
      name: 'Sam Rivera',
      company_name: 'Rivera Plumbing',
    })
    await createProspectWithApi(page.request, adminSession, {
      slug: 'oak-street-vets',
      name: 'Dr. Lee Oak',
      company_name: 'Oak Street Vets',
    })

    // The rep's list opens on theirs; everyone's is one choice away.
    await repPage.goto('/_/prospects')
    const companies = repPage.getByRole('table', { name: 'Prospects' }).getByRole('link')
    await expect(companies).toHaveText(['Rivera Plumbing'])
    await repPage.getByRole('combobox', { name: 'Owner' }).selectOption({ label: 'All reps' })
    await expect(companies).toContainText(['Oak Street Vets', 'Rivera Plumbing'])

    // The admin's prospect: readable, with no way to change it, and the server agrees.
    await companies.filter({ hasText: 'Oak Street Vets' }).click()
    await expect(repPage.getByRole('heading', { level: 1, name: 'Oak Street Vets' })).toBeVisible()
    await expect(
      repPage.getByText(`This prospect belongs to ${ADMIN.email}: only they or an admin can change it.`),
    ).toBeVisible()
    await expect(repPage.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0)
    const refused = await repPage.request.delete('/api/reps/prospects/oak-street-vets', {
      headers: { [CSRF_HEADER]: repSession.csrfToken },
    })
    expect(refused.status()).toBe(403)
    await repPage.goto('/_/prospects/oak-street-vets/edit')
    await expect(
      repPage.getByText(`This prospect belongs to ${ADMIN.email}: only they or an admin can change it.`),
    ).toBeVisible()
    await expect(repPage.getByLabel('Company name')).toHaveCount(0)

    // The admin gives it to the rep with the owner picker.
    await page.goto('/_/prospects/oak-street-vets/edit')
    const owner = page.getByLabel('Owner')
    await expect(owner).toHaveValue(adminSession.rep.id)
    await owner.selectOption({ label: REP_EMAIL })
    await page.getByRole('button', { name: 'Save changes' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Oak Street Vets' })).toBeVisible()
    await expect(page.getByText(`Owned by ${REP_EMAIL}.`)).toBeVisible()

    // Now the rep's: they edit it, and what they type survives a reload...
    await repPage.goto('/_/prospects/oak-street-vets')
    await expect(repPage.getByText('You own this prospect.')).toBeVisible()
    await repPage.getByRole('link', { name: 'Edit', exact: true }).click()
    const city = repPage.getByLabel('City')
    await city.fill('Portland')
    await repPage.reload()
    await expect(repPage.getByLabel('City')).toHaveValue('Portland')

    // ...and the end of the session: the save sends them to sign in, and back to the form as it was.
    await repContext.clearCookies()
    await repPage.getByRole('button', { name: 'Save changes' }).click()
    await expect(repPage).toHaveURL(/\/_\/sign-in\?next=%2F_%2Fprospects%2Foak-street-vets%2Fedit$/)
    await signInOnPage(repPage, REP_EMAIL, REP_PASSWORD)
    await expect(repPage).toHaveURL(/\/_\/prospects\/oak-street-vets\/edit$/)
    await expect(repPage.getByLabel('City')).toHaveValue('Portland')
    await repPage.getByRole('button', { name: 'Save changes' }).click()
    await expect(repPage.getByRole('heading', { level: 1, name: 'Oak Street Vets' })).toBeVisible()
    const history = repPage.getByRole('region', { name: 'History' }).getByRole('listitem')
    await expect(history.first()).toContainText('Changed: City')
    await expect(history.nth(1)).toContainText('Changed: Owner')
  } finally {
    await repContext.close()
  }
  expect(pageErrors).toEqual([])
})
