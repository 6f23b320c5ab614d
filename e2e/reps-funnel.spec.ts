import AxeBuilder from '@axe-core/playwright'
import { expect, test } from './activity-seed.ts'
import { hasHorizontalOverflow } from './fixtures.ts'
import { ADMIN, signInWithApi } from './rep-product.ts'

/**
 * The team's funnel on Activity, on a product whose database got the seed's activity before it
 * started (activity-seed.ts): Bright Smile opened twice and tried the demo, Harbor opened once, both
 * created with the database, so within the last 30 days. Other specs of the worker add prospects to
 * the same product, so the funnel is read for the seed's two by the list's search.
 */
test.use({ locale: 'en-US', timezoneId: 'UTC' })

for (const colorScheme of ['light', 'dark'] as const) {
  test(`the funnel shows the seed's numbers, as a table too, and axe finds nothing (${colorScheme})`, async ({
    page,
    pageErrors,
  }) => {
    await page.addInitScript((choice) => localStorage.setItem('theme', choice), colorScheme)
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await signInWithApi(page.request, ADMIN.email, ADMIN.password)
    await page.goto('/_/activity?owner=all&q=bright-smile-dental')
    const funnel = page.getByRole('region', { name: 'Funnel' })
    const steps = funnel.getByRole('table', { name: 'Funnel, last 30 days' }).getByRole('row')
    await expect(steps).toHaveText([
      'StepProspectsOf the step before',
      'Sent1',
      'Opened1100 %',
      'Tried the demo1100 %',
      'Asked for a call00 %',
      'Booked0–',
    ])
    await page.getByRole('searchbox').fill('harbor-realty')
    await expect(steps).toHaveText([
      'StepProspectsOf the step before',
      'Sent1',
      'Opened1100 %',
      'Tried the demo00 %',
      'Asked for a call0–',
      'Booked0–',
    ])
    await page.getByRole('searchbox').fill('bright-smile-dental')
    await funnel.getByRole('combobox', { name: 'Split' }).selectOption({ label: 'By site' })
    await expect(funnel.getByRole('table', { name: 'By site' }).getByRole('row')).toHaveText([
      'SiteSentOpenedTried the demoAsked for a callBooked',
      // A prospect counts where it first opened in the period: its own page, before the partner's.
      'callpilot.example11100',
    ])
    await funnel.getByRole('button', { name: 'Show as table' }).click()
    await expect(funnel.getByRole('table', { name: 'By site' })).toBeVisible()
    // Only the list's filters reach the funnel: the rep's own has nothing (the admin owns no prospect).
    await page.getByRole('button', { name: 'Mine only' }).click()
    await expect(funnel.getByText('No prospect was sent, opened or moved on in this period.')).toBeVisible()
    await page.getByRole('button', { name: 'Mine only' }).click()
    await expect(steps.nth(1)).not.toHaveText('Sent0')
    expect(await hasHorizontalOverflow(page)).toBe(false)
    const axe = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze()
    expect(
      axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([])
    expect(pageErrors).toEqual([])
  })
}
