import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import type { VisitRequest } from '#core/engagement.ts'
import { expect, hasHorizontalOverflow, test } from './fixtures.ts'
import { E2E_ADMIN, E2E_REP } from './global-setup.ts'
import { createProspectWithApi, signInWithApi } from './rep-product.ts'

/**
 * The message a rep sends: "Email {first name}" on the reps' prospect page, copied rich (pasted into
 * a contenteditable region, as a mail editor is one, it is the preview picture inside the link to the
 * prospect's page), copied plain, and as a LinkedIn message; the admin's wording for everyone; and the
 * link's channel, which the prospect's visit records so the Timeline says "from email". On the main
 * e2e product, each test with prospects of its own.
 */

test.use({ permissions: ['clipboard-read', 'clipboard-write'] })
// In order, in one worker: one test changes the wording every test reads.
test.describe.configure({ mode: 'default' })

const uniqueSlug = (prefix: string, project: string) => `${prefix}-${project}-${Date.now().toString(36)}`

async function openProspectAsRep(
  page: Page,
  slug: string,
  name: string,
  company: string,
  email: { email: string; password: string } = E2E_REP,
) {
  const session = await signInWithApi(page.request, email.email, email.password)
  await createProspectWithApi(page.request, session, {
    slug,
    name,
    company_name: company,
    first_message: `Thanks for calling ${company}.`,
    system: `You answer for ${company}.`,
  })
  await page.goto(`/_/prospects/${slug}`)
  return page.getByRole('region', { name: /^Email / })
}

/** A region the test pastes into, as a mail editor's body is: contenteditable, on top of the page. */
async function pasteIntoEditor(page: Page) {
  await page.evaluate(() => {
    const editor = document.createElement('div')
    editor.contentEditable = 'true'
    editor.setAttribute('role', 'textbox')
    editor.setAttribute('aria-multiline', 'true')
    editor.setAttribute('aria-label', 'Pasted message')
    editor.style.cssText =
      'position:fixed;inset:0;z-index:99999;overflow:auto;padding:24px;background:#fff;color:#000;font:14px Arial'
    document.body.append(editor)
    editor.focus()
  })
  await page.keyboard.press('ControlOrMeta+V')
  return page.getByRole('textbox', { name: 'Pasted message' })
}

test('the rep copies the email rich: pasted, it is the preview picture inside the link to their page', async ({
  page,
  baseURL,
  pageErrors,
}, testInfo) => {
  const slug = uniqueSlug('outreach', testInfo.project.name)
  const email = await openProspectAsRep(page, slug, 'Dr. Nora Lake', 'Lakeside Dental')
  await expect(email.getByRole('heading', { name: 'Email Nora' })).toBeVisible()
  await expect(email.getByTestId('email-subject')).toHaveText(
    'A voice agent for Lakeside Dental, ready to try',
  )
  expect(await hasHorizontalOverflow(page)).toBe(false)

  // By keyboard: the button is reachable and Enter copies.
  await email.getByRole('button', { name: 'Copy email' }).focus()
  await page.keyboard.press('Enter')
  await expect(email.getByRole('status').first()).toHaveText('Copied')

  const pasted = await pasteIntoEditor(page)
  const picture = pasted.locator('img')
  await expect(picture).toHaveCount(1)
  expect(await picture.getAttribute('src')).toBe(`${baseURL}/${slug}/preview.png`)
  // The picture itself arrives: the prospect's own 1200 × 630 preview, not a broken image.
  await expect
    .poll(() => picture.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
    .toBe(1200)
  const around = picture.locator('xpath=ancestor::a[1]')
  expect(await around.getAttribute('href')).toBe(`${baseURL}/${slug}?via=email`)
  await expect(pasted).toContainText('Hi Nora,')
  await expect(pasted.getByRole('link', { name: `${baseURL}/${slug}?via=email` })).toHaveAttribute(
    'href',
    `${baseURL}/${slug}?via=email`,
  )
  await pasted.evaluate((editor) => editor.remove())

  // The plain version, and the LinkedIn message with its own link and count.
  await email.getByRole('button', { name: 'Copy as plain text' }).click()
  await expect(email.getByRole('status').first()).toHaveText('Copied')
  const plain = await page.evaluate(() => navigator.clipboard.readText())
  expect(plain).toMatch(new RegExp(`^Hi Nora,\\n\\n[^]*\\n\\n${baseURL}/${slug}\\?via=email\\n\\n`))
  expect(plain).not.toContain('<')
  await email.getByRole('button', { name: 'Copy LinkedIn message' }).click()
  await expect(email.getByRole('status').nth(1)).toHaveText('Copied')
  const linkedin = await page.evaluate(() => navigator.clipboard.readText())
  expect(linkedin).toContain(`${baseURL}/${slug}?via=linkedin`)
  expect(linkedin.length).toBeLessThan(300)
  await expect(email.getByText(`${linkedin.length} characters · LinkedIn takes fewer than 300`)).toBeVisible()

  // The mail app gets the subject and the plain text.
  const mailto = await email.getByRole('link', { name: 'Open in mail app' }).getAttribute('href')
  const query = new URLSearchParams(mailto?.replace(/^mailto:\?/, '') ?? '')
  expect(query.get('subject')).toBe('A voice agent for Lakeside Dental, ready to try')
  expect(query.get('body')).toBe(plain)
  expect(pageErrors).toEqual([])
})

test('where the browser refuses the clipboard, the email is selected to copy by hand, and says so', async ({
  page,
}, testInfo) => {
  await page.addInitScript(() => {
    const refuse = () => Promise.reject(new DOMException('Refused', 'NotAllowedError'))
    Object.defineProperty(navigator.clipboard, 'write', { value: refuse })
    Object.defineProperty(navigator.clipboard, 'writeText', { value: refuse })
  })
  const slug = uniqueSlug('refused', testInfo.project.name)
  const email = await openProspectAsRep(page, slug, 'Front desk', 'Harbor Realty Group')
  await expect(email.getByRole('heading', { name: 'Email Harbor Realty Group' })).toBeVisible()
  await email.getByRole('button', { name: 'Copy email' }).click()
  await expect(email.getByRole('status').first()).toHaveText('Selected: press Ctrl+C (⌘C on a Mac) to copy')
  const selected = await page.evaluate(() => window.getSelection()?.toString() ?? '')
  expect(selected).toMatch(/^Hi there,/)
  expect(selected).toContain(`/${slug}?via=email`)
})

test('a link sent by email is recorded as such: the Timeline says "Opened the page from email"', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const slug = uniqueSlug('via-email', testInfo.project.name)
  const email = await openProspectAsRep(page, slug, 'Ana Lima', 'Northwind Dental')
  const href = await email
    .getByRole('link', { name: /\?via=email$/ })
    .first()
    .getAttribute('href')
  expect(href).toBe(`${baseURL}/${slug}?via=email`)
  const timeline = page.getByRole('region', { name: 'Timeline' })
  await expect(timeline).toContainText('No activity yet')

  // The prospect, in a browser of their own, follows the link as a mail client changed it (case, a
  // trailing slash): the canonical address keeps the channel.
  const prospect = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  })
  const visitor = await prospect.newPage()
  const begun = visitor.waitForRequest((request) => request.url().endsWith('/api/visits'))
  await visitor.goto(`/${slug.toUpperCase()}/?via=email`)
  expect(visitor.url()).toBe(`${baseURL}/${slug}?via=email`)
  const request = await begun
  expect(JSON.parse(request.postData() ?? '') as VisitRequest).toEqual({
    slug,
    surface: 'site',
    channel: 'email',
  })
  expect((await request.response())?.status()).toBe(201)
  await prospect.close()

  await page.reload()
  await expect(timeline.locator(':scope > ol > li > p:first-child')).toHaveText([
    /^Opened the page from email on [^ ]+ \(their page, as the page reported\) · /,
  ])
})

test('an admin changes the wording for everyone, with its mistakes in words and a preview', async ({
  page,
}, testInfo) => {
  const slug = uniqueSlug('wording', testInfo.project.name)
  const email = await openProspectAsRep(page, slug, 'Maya Patel', 'Wording Test Dental', E2E_ADMIN)
  await email.getByRole('button', { name: 'Change the wording for everyone' }).click()
  const editor = email.getByRole('form', { name: 'The wording for everyone' })
  const subject = editor.getByLabel('Subject')
  await subject.fill('Hi {{ nickname }}')
  await expect(subject).toHaveAccessibleDescription(/"nickname" is not a placeholder/)
  await expect(editor.getByRole('button', { name: 'Save for everyone' })).toBeDisabled()
  // The Email part with the editor open and a mistake showing, in both themes: no serious or critical
  // WCAG A/AA violation that axe can find.
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate(
      (choice) => document.documentElement.classList.toggle('dark', choice === 'dark'),
      theme,
    )
    const results = await new AxeBuilder({ page })
      .include('section[aria-labelledby="email-heading"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .options({ preload: false })
      .analyze()
    const blocking = results.violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    )
    expect(blocking.map((violation) => `${theme}: ${violation.id}`)).toEqual([])
  }
  await subject.fill('{{ first_name | default: "Hello" }}, a demo for {{ company_name }}')
  await expect(editor.getByText('Subject: Maya, a demo for Wording Test Dental')).toBeVisible()
  await editor.getByRole('button', { name: 'Save for everyone' }).click()
  await expect(editor).toBeHidden()
  await expect(email.getByTestId('email-subject')).toHaveText('Maya, a demo for Wording Test Dental')

  // Back to the default, so the other tests read it.
  await email.getByRole('button', { name: 'Change the wording for everyone' }).click()
  await editor.getByRole('button', { name: 'Start from the default' }).click()
  await editor.getByRole('button', { name: 'Save for everyone' }).click()
  await expect(email.getByTestId('email-subject')).toHaveText(
    'A voice agent for Wording Test Dental, ready to try',
  )
})
