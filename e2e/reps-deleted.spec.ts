import { expect, test } from './rep-fixtures.ts'
import { ADMIN, signInWithApi } from './rep-product.ts'

/**
 * "Recently deleted prospects" is a page of its own: linked from the prospects list, and served when
 * its address is opened directly or reloaded (the server and the site read the reps' pages from one
 * list).
 */
test('the recently deleted prospects open from the list, and by their own address', async ({ page }) => {
  await signInWithApi(page.request, ADMIN.email, ADMIN.password)
  await page.goto('/_/prospects')
  await page.getByRole('link', { name: 'Recently deleted prospects' }).click()
  await expect(page).toHaveURL(/\/_\/deleted$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted prospects' })).toBeVisible()

  const direct = await page.goto('/_/deleted')
  expect(direct?.status()).toBe(200)
  await expect(page.getByRole('heading', { level: 1, name: 'Recently deleted prospects' })).toBeVisible()
})
