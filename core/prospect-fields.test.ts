import { describe, expect, it } from 'vitest'
import { RESERVED_SLUGS } from './prospect.ts'
import {
  checkProspectFields,
  listProspectFieldProblems,
  normalizeProspectFields,
  PROSPECT_FIELD_NAMES,
  suggestSlug,
} from './prospect-fields.ts'
import type { ProspectFields } from './rep-api.ts'

const GOOD = normalizeProspectFields({
  slug: 'acme-dental',
  name: 'Dr. Ann Lee',
  company_name: 'Acme Dental',
  template: 'dental',
  city: 'Leeds',
  first_message: 'Hi!',
  system: 'You are Ava.\nBe brief.',
} as ProspectFields)
/** No template and no details. */
const NONE = { template: null, city: null }

describe('checkProspectFields', () => {
  it('finds nothing wrong with good fields, surrounding spaces included', () => {
    expect(checkProspectFields(GOOD)).toEqual({})
    expect(checkProspectFields({ ...GOOD, slug: ' acme-dental ', assistant_id: '  ' })).toEqual({})
  })

  it('gives one message per bad field, naming it by the label a rep reads in the form', () => {
    expect(
      checkProspectFields({
        ...GOOD,
        ...NONE,
        slug: 'Acme Inc',
        name: '',
        company_name: 'x'.repeat(121),
        first_message: 'Hi\u0007',
        system: 'ok',
        assistant_id: 'a\nb',
      }),
    ).toEqual({
      slug: 'Slug must be lowercase letters, digits or dashes, not "Acme Inc" (for example "acme-inc")',
      name: 'Contact name is required',
      company_name: 'Company name has 121 characters (at most 120)',
      first_message: 'Own first message contains control characters',
      assistant_id: 'Assistant ID contains a line break',
    })
  })

  it('joins two problems of one field, and names a slug the site keeps for itself', () => {
    expect(checkProspectFields({ ...GOOD, name: `${'n'.repeat(121)}\u0000` }).name).toBe(
      'Contact name has 122 characters (at most 120); Contact name contains control characters',
    )
    for (const slug of RESERVED_SLUGS) {
      expect(checkProspectFields({ ...GOOD, slug }).slug).toBe(
        `Slug cannot be "${slug}": that is the address of one of the site's own pages`,
      )
    }
  })
})

describe('checkProspectFields: the agent', () => {
  it('takes a prospect with no template and no words of its own: the general template speaks', () => {
    expect(checkProspectFields({ ...GOOD, ...NONE, first_message: null, system: ' ' })).toEqual({})
  })

  it('names a template that is not one of those given, and lists them', () => {
    const context = { templateIds: ['general', 'dental'] }
    expect(checkProspectFields({ ...GOOD, template: 'dentist' }, context)).toEqual({
      template: 'Kind of business must be one of the agent templates (general, dental), not "dentist"',
    })
    expect(checkProspectFields({ ...GOOD, template: 'Dental!' }).template).toBe(
      'Kind of business must be an agent template, not "Dental!"',
    )
  })

  it("checks a rep's own words as an agent text: the placeholders must be the agent's", () => {
    expect(checkProspectFields({ ...GOOD, first_message: 'Hi from {{ company_name }}!' })).toEqual({})
    expect(checkProspectFields({ ...GOOD, system: 'You answer for {{ clinic }}.' }).system).toBe(
      'Own system prompt has a placeholder problem: {{ clinic }}: "clinic" is not a placeholder (the placeholders are ' +
        'name, company_name, city, services, opening_hours, website, booking_link, phone, description)',
    )
  })

  it('keeps placeholder marks out of the values an agent text is rendered with', () => {
    expect(checkProspectFields({ ...GOOD, city: 'Leeds {{ name }}' }).city).toBe(
      "City contains {{, }}, {% or %}, which mark placeholders in an agent's texts",
    )
  })
})

describe('listProspectFieldProblems: a CSV line', () => {
  it('names the column, then the label the form shows, in the same words', () => {
    const problems = listProspectFieldProblems(
      { ...GOOD, ...NONE, slug: 'Acme Inc', company_name: '', template: 'dentist' },
      { templateIds: ['general', 'dental'] },
      'column',
    )
    expect(problems.map((problem) => problem.message)).toEqual([
      'company_name (Company name) is required',
      'slug (Slug) must be lowercase letters, digits or dashes, not "Acme Inc" (for example "acme-inc")',
      'template (Kind of business) must be one of the agent templates (general, dental), not "dentist"',
    ])
  })

  it('never names a field by its column alone in the form’s words', () => {
    const empty = Object.fromEntries(PROSPECT_FIELD_NAMES.map((field) => [field, 'x'.repeat(20001)]))
    for (const { field, message } of listProspectFieldProblems(empty as unknown as ProspectFields)) {
      expect(message.startsWith(`${field} `), message).toBe(false)
    }
  })
})

describe('normalizeProspectFields', () => {
  it('trims every value and stores an empty optional field as none', () => {
    expect(
      normalizeProspectFields({ ...GOOD, name: ' Ann ', assistant_id: ' ', city: '', system: '  ' }),
    ).toEqual({ ...GOOD, name: 'Ann', assistant_id: null, city: null, system: null })
  })
})

describe('suggestSlug', () => {
  it('turns a company name into a slug, or gives up', () => {
    expect(suggestSlug('Café Zoë & Co.')).toBe('cafe-zoe-co')
    expect(suggestSlug('株式会社')).toBeNull()
  })
})

describe('the details a website gives', () => {
  it('takes a phone number as a caller would dial it, and nothing else', () => {
    for (const phone of ['(217) 555-0142', '+44 20 7946 0958', '217.555.0142', '217-555-0142 ext. 12']) {
      expect(checkProspectFields({ ...GOOD, phone }).phone, phone).toBeUndefined()
    }
    for (const phone of ['call us', '555', 'https://acme.example/tel']) {
      expect(checkProspectFields({ ...GOOD, phone }).phone, phone).toBe(
        'Phone number must be a telephone number: digits, spaces and + ( ) . - / only',
      )
    }
  })

  it('takes a logo only as the id of an image we keep, never an address', () => {
    expect(checkProspectFields({ ...GOOD, logo: 'a'.repeat(64) }).logo).toBeUndefined()
    expect(checkProspectFields({ ...GOOD, logo: 'https://evil.example/x.svg' }).logo).toMatch(
      /^Logo must be the id/,
    )
  })

  it('takes a colour as #rrggbb, stored in lower case', () => {
    expect(checkProspectFields({ ...GOOD, theme_color: '#0E7490' }).theme_color).toBeUndefined()
    expect(normalizeProspectFields({ ...GOOD, theme_color: '#0E7490' }).theme_color).toBe('#0e7490')
    expect(checkProspectFields({ ...GOOD, theme_color: 'red' }).theme_color).toBe(
      'Brand colour must be a colour written #rrggbb',
    )
  })
})

describe('a website', () => {
  it('is a web address as a rep pastes it, or a problem of its field', () => {
    for (const website of [
      'bright-smile.example',
      'https://www.bright-smile.example/contact?x=1',
      'localhost:3000',
    ]) {
      expect(checkProspectFields({ ...GOOD, website }).website, website).toBeUndefined()
    }
    for (const website of ['bright smile dental', 'ftp://files.example', 'mailto:ann@acme.example', 'acme']) {
      expect(checkProspectFields({ ...GOOD, website }).website, website).toBe(
        'Website must be a web address, like bright-smile.example or https://bright-smile.example',
      )
    }
  })
})
