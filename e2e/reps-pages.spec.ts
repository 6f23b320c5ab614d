import { CSRF_HEADER, REP_API_PATH } from '#core/rep-api.ts'
import { REP_PAGES, type RepPageExample } from '../site/src/features/reps/rep-route.ts'
import { expect, test } from './rep-fixtures.ts'
import { ADMIN, createProspectWithApi, signInWithApi } from './rep-product.ts'

/**
 * Every page of the reps that an address opens, taken from the one list the site's router and the
 * server read (REP_PAGES): served with 200 when opened directly, as a reload or a pasted link does,
 * and showing a page of its own, not "Page not found". A page added to the list is opened here.
 */
test('opens every reps page by its own address', async ({ page }) => {
  const session = await signInWithApi(page.request, ADMIN.email, ADMIN.password)
  const slug = `pages-${Date.now().toString(36)}`
  const gone = `${slug}-gone`
  await createProspectWithApi(page.request, session, { slug, name: 'Pia', company_name: 'Pages Co' })
  await createProspectWithApi(page.request, session, { slug: gone, name: 'Gus', company_name: 'Gone Co' })
  const deleted = await page.request.delete(`${REP_API_PATH}/prospects/${gone}`, {
    headers: { [CSRF_HEADER]: session.csrfToken },
  })
  expect(deleted.status()).toBe(204)
  const list = (await (await page.request.get(`${REP_API_PATH}/deleted-prospects`)).json()) as {
    prospects: { id: string; slug: string }[]
  }
  const deletedId = list.prospects.find((prospect) => prospect.slug === gone)?.id
  if (!deletedId) throw new Error(`${gone} is not among the deleted prospects`)
  const known: RepPageExample = { slug, deletedId }

  const signedIn = REP_PAGES.filter((entry) => entry.example !== null && !entry.signedOut)
  expect(signedIn.length).toBeGreaterThanOrEqual(10)
  for (const entry of signedIn) {
    const address = entry.example?.(known) ?? ''
    await test.step(address, async () => {
      const response = await page.goto(address)
      expect(response?.status(), address).toBe(200)
      await expect(page.getByRole('heading', { level: 1 }).first(), address).toBeVisible()
      await expect(page.getByRole('heading', { name: 'Page not found' }), address).toHaveCount(0)
    })
  }
})

test('opens the pages for signed-out people by their own address', async ({ page }) => {
  const signedOut = REP_PAGES.filter((entry) => entry.signedOut && entry.example !== null)
  expect(signedOut.length).toBeGreaterThan(0)
  for (const entry of signedOut) {
    const address = entry.example?.({ slug: 'x', deletedId: 'x' }) ?? ''
    const response = await page.goto(address)
    expect(response?.status(), address).toBe(200)
    await expect(page.getByRole('heading', { level: 1 }).first(), address).toBeVisible()
  }
})
