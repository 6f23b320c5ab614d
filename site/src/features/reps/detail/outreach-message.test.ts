import { describe, expect, it } from 'vitest'
import { AgentTextError } from '#core/agent-text.ts'
import { normalizeProspectFields, type ProspectFields } from '#core/prospect-fields.ts'
import { DEFAULT_OUTREACH_WORDING, LINKEDIN_MESSAGE_LIMIT } from '#core/rep-api.ts'
import { buildOutreachMessage, cutCleanly, emailHtml, firstNameOf } from './outreach-message.ts'

const ORIGIN = 'https://demo.example'
const prospect = (fields: Partial<ProspectFields>): ProspectFields =>
  normalizeProspectFields({
    slug: 'bright-smile-dental',
    name: 'Jane Doe',
    company_name: 'Bright Smile Dental',
    ...fields,
  } as ProspectFields)
const build = (fields: Partial<ProspectFields> = {}, repName = 'Sam Rivera') =>
  buildOutreachMessage({
    wording: DEFAULT_OUTREACH_WORDING,
    fields: prospect(fields),
    origin: ORIGIN,
    repName,
  })

describe('firstNameOf', () => {
  it.each([
    ['Jane Doe', 'Jane'],
    ['  jane   doe ', 'jane'],
    ['Dr. Jane Smith', 'Jane'],
    ['Dr. Smith', 'Dr. Smith'],
    ['🦷 Jane', 'Jane'],
    ['José Álvarez', 'José'],
    ['محمد علي', 'محمد'],
  ])('%s → %s', (name, first) => expect(firstNameOf(name, 'Bright Smile Dental')).toBe(first))

  it.each(['Front desk', 'Owner', 'n/a', '-', '🦷🦷', 'Bright Smile Dental', 'bright smile  dental'])(
    '%s is no person: null',
    (name) => expect(firstNameOf(name, 'Bright Smile Dental')).toBeNull(),
  )
})

describe('cutCleanly', () => {
  it('cuts at a word when one is near, ends in …, and never splits an emoji', () => {
    expect(cutCleanly('Bright Smile Family Dental Care', 20)).toBe('Bright Smile Family…')
    expect(cutCleanly('short', 20)).toBe('short')
    expect(cutCleanly('Smile Dental and Orthodontics', 22)).toBe('Smile Dental…')
    const cut = cutCleanly('😀'.repeat(30), 11)
    expect(cut).toBe(`${'😀'.repeat(5)}…`)
    expect(cut.length).toBeLessThanOrEqual(11)
  })
})

describe('buildOutreachMessage', () => {
  it('writes the default for the prospect, its links naming their channel', () => {
    const message = build({ city: 'Austin' })
    expect(message.addressee).toBe('Jane')
    expect(message.subject).toBe('A voice agent for Bright Smile Dental, ready to try')
    expect(message.text).toMatch(
      /^Hi Jane,\n\nI set up a demo AI receptionist for Bright Smile Dental in Austin: /,
    )
    expect(message.text).toContain(`\n\n${ORIGIN}/bright-smile-dental?via=email\n\n`)
    expect(message.text).toMatch(/Best,\nSam Rivera$/)
    expect(message.linkedin).toContain(`${ORIGIN}/bright-smile-dental?via=linkedin`)
    expect(message.previewUrl).toBe(`${ORIGIN}/bright-smile-dental/preview.png`)
    expect(message.mailto).toBe(
      `mailto:?subject=${encodeURIComponent(message.subject)}&body=${encodeURIComponent(message.text)}`,
    )
    expect(decodeURIComponent(message.mailto.split('&body=')[1] ?? '')).toBe(message.text)
  })

  it('reads well without a contact name, a city or a rep name', () => {
    const message = build({ name: 'Front desk' }, '')
    expect(message.addressee).toBe('Bright Smile Dental')
    expect(message.text).toMatch(/^Hi there,\n\nI set up a demo AI receptionist for Bright Smile Dental: /)
    expect(message.text).toMatch(/Best regards$/)
    expect(message.text).not.toMatch(/undefined|\{\{| {2}/)
  })

  it('keeps the LinkedIn message under 300 characters and the subject short with a 200-character company', () => {
    const company = `Bright Smile 🦷 Family Dental ${'and Orthodontics '.repeat(10)}`.slice(0, 200).trim()
    const message = build({ company_name: company, name: 'Zoë 😀 Ångström' })
    expect(message.linkedin.length).toBeLessThan(LINKEDIN_MESSAGE_LIMIT)
    expect(message.linkedin).toMatch(/for Bright Smile 🦷 Family Dental[^:]*…: it answers calls/)
    expect(message.linkedin).toContain('?via=linkedin') // the link is never cut
    expect(message.subject.length).toBeLessThanOrEqual(120)
    expect(message.subject).toMatch(/…, ready to try$/)
    // The email itself has room: the company stands whole.
    expect(message.text).toContain(company)
    expect(message.text).toMatch(/^Hi Zoë,/)
  })

  it('throws in words for a draft that breaks the rule', () => {
    expect(() =>
      buildOutreachMessage({
        wording: { ...DEFAULT_OUTREACH_WORDING, subject: 'Hi {{ nope }}' },
        fields: prospect({}),
        origin: ORIGIN,
        repName: '',
      }),
    ).toThrow(AgentTextError)
  })
})

describe('emailHtml', () => {
  const link = `${ORIGIN}/x?via=email`
  const picture = { link, previewUrl: `${ORIGIN}/x/preview.png`, alt: 'A demo for <Acme & Co>' }

  it('puts the picture, inside the link, where the link stands alone, with the address under it', () => {
    const html = emailHtml(`Hi <b>Jo</b>,\nsee:\n\n${link}\n\nBye`, picture)
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const img = doc.querySelector('img')
    expect(img?.getAttribute('src')).toBe(picture.previewUrl)
    expect(img?.getAttribute('alt')).toBe('A demo for <Acme & Co>')
    expect(img?.closest('a')?.getAttribute('href')).toBe(link)
    expect([...doc.querySelectorAll('a')].map((a) => a.textContent)).toEqual(['', link])
    expect(doc.querySelector('p')?.innerHTML).toBe('Hi &lt;b&gt;Jo&lt;/b&gt;,<br>see:')
    expect(doc.querySelectorAll('p')).toHaveLength(4)
  })

  it('puts it after the first paragraph naming the link when none holds it alone', () => {
    const html = emailHtml(`Try it: ${link}\n\nBye`, picture)
    const doc = new DOMParser().parseFromString(html, 'text/html')
    const paragraphs = [...doc.querySelectorAll('p')]
    expect(paragraphs[0]?.querySelector('a')?.getAttribute('href')).toBe(link)
    expect(paragraphs[1]?.querySelector('img')).not.toBeNull()
    expect(paragraphs[2]?.textContent).toBe('Bye')
  })
})
