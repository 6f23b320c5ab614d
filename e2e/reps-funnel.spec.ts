import { expect, test } from './activity-seed.ts'
import { axeViolations } from './axe-violations.ts'
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
    expect(await axeViolations(page, 'main')).toEqual([])
    expect(pageErrors).toEqual([])
  })
}

/** A day `n` days before today, as the date fields write it (UTC, as the funnel's days are). */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10)
/** A day as the funnel words it: the rep's language, the funnel's UTC calendar. */
const wordDay = (day: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(day))

test.describe('a custom period', () => {
  // West of UTC, where midnight UTC is still the day before: the funnel names the days chosen.
  test.use({ timezoneId: 'America/Los_Angeles' })

  test('is checked in words, applied with Enter, and kept in the address through a reload, Back and Forward', async ({
    page,
    pageErrors,
  }) => {
    await signInWithApi(page.request, ADMIN.email, ADMIN.password)
    await page.goto('/_/activity?owner=all&q=bright-smile-dental')
    const funnel = page.getByRole('region', { name: 'Funnel' })
    await expect(funnel.getByRole('table', { name: 'Funnel, last 30 days' })).toBeAttached()
    await funnel.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Custom dates' })
    const from = funnel.getByLabel('From')
    const to = funnel.getByLabel('To')
    // The fields open on the period shown, the last 30 days.
    await expect(to).toHaveValue(daysAgo(0))
    await from.fill(daysAgo(0))
    await to.fill(daysAgo(1))
    await to.press('Enter')
    await expect(funnel.getByRole('alert')).toHaveText('The last day is before the first day.')
    await expect(to).toBeFocused()
    await expect(to).toHaveAttribute('aria-invalid', 'true')
    expect(await axeViolations(page, 'main')).toEqual([])

    // The last seven days: the seed's visits and call.
    await from.fill(daysAgo(6))
    await to.fill(daysAgo(0))
    await to.press('Enter')
    const week = funnel.getByRole('table', {
      name: `Funnel, ${wordDay(daysAgo(6))} to ${wordDay(daysAgo(0))}`,
    })
    const seeded = [
      'StepProspectsOf the step before',
      'Sent1',
      'Opened1100 %',
      'Tried the demo1100 %',
      'Asked for a call00 %',
      'Booked0–',
    ]
    await expect(week.getByRole('row')).toHaveText(seeded)
    await expect(page).toHaveURL(
      `/_/activity?q=bright-smile-dental&owner=all&period=custom&from=${daysAgo(6)}&to=${daysAgo(0)}`,
    )
    // Before the seed's prospects existed: nothing.
    await from.fill(daysAgo(60))
    await to.fill(daysAgo(40))
    await funnel.getByRole('button', { name: 'Show this period' }).click()
    const nothing = funnel.getByText('No prospect was sent, opened or moved on in this period.')
    await expect(nothing).toBeVisible()

    await page.reload()
    await expect(nothing).toBeVisible()
    await expect(funnel.getByRole('combobox', { name: 'Period' })).toHaveValue('custom')
    await expect(from).toHaveValue(daysAgo(60))
    await expect(to).toHaveValue(daysAgo(40))

    await page.goBack()
    await expect(week.getByRole('row')).toHaveText(seeded)
    await expect(from).toHaveValue(daysAgo(6))
    await page.goBack()
    await expect(funnel.getByRole('table', { name: 'Funnel, last 30 days' })).toBeAttached()
    await expect(from).toHaveCount(0)
    await page.goForward()
    await expect(week.getByRole('row')).toHaveText(seeded)
    expect(pageErrors).toEqual([])
  })
})
