import { expect, signInOnPage, test } from './rep-fixtures.ts'
import { ADMIN } from './rep-product.ts'

// A rep makes a key for a WordPress site on their profile page, copies it once, and the plugin (here,
// a request as the site's server makes it) reads whose key it is with it, until the rep revokes it.

test('a rep makes a site key on their profile, the plugin uses it, and revoking it stops it', async ({
  page,
  request,
}) => {
  const label = `e2e-${Date.now()}.example`
  await page.goto('/_/profile')
  await signInOnPage(page, ADMIN.email, ADMIN.password)
  const section = page.getByRole('region', { name: 'WordPress sites' })
  await section.getByLabel('Site', { exact: false }).fill(label)
  await section.getByRole('button', { name: 'Make a site key' }).click()
  await expect(section.getByText(`Key for ${label} made.`, { exact: false })).toBeVisible()
  const secret = (await section.locator('code', { hasText: /^vdk_/ }).textContent()) ?? ''
  expect(secret).toMatch(/^vdk_[A-Za-z0-9_-]{43}$/)

  const asTheSite = () => request.get('/api/embed/key', { headers: { Authorization: `Bearer ${secret}` } })
  const used = await asTheSite()
  expect(used.status()).toBe(200)
  expect(await used.json()).toMatchObject({ label })

  // Once used, the list says so after a reload, and never shows the key again.
  await page.reload()
  const row = section.getByRole('listitem').filter({ hasText: label })
  await expect(row).toContainText('Last used')
  await expect(section.getByText(secret)).toHaveCount(0)

  await row.getByRole('button', { name: `Revoke ${label}` }).click()
  const dialog = page.getByRole('dialog', { name: `Revoke the key for ${label}?` })
  await dialog.getByRole('button', { name: 'Revoke' }).click()
  await expect(section.getByRole('status')).toHaveText(
    `The key for ${label} is revoked: that site can no longer list your prospects.`,
  )
  const refused = await asTheSite()
  expect(refused.status()).toBe(401)
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('embed_key_invalid')
})
