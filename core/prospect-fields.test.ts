import { describe, expect, it } from 'vitest'
import { RESERVED_SLUGS } from './prospect.ts'
import { checkProspectFields, normalizeProspectFields, suggestSlug } from './prospect-fields.ts'
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

  it('gives one message per bad field, in the import’s words', () => {
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
      slug: 'slug "Acme Inc" must be lowercase letters, digits or dashes (for example "acme-inc")',
      name: 'name is empty',
      company_name: 'company_name has 121 characters (at most 120)',
      first_message: 'first_message contains control characters',
      assistant_id: 'assistant_id contains a line break',
    })
  })

  it('joins two problems of one field, and names a slug the site keeps for itself', () => {
    expect(checkProspectFields({ ...GOOD, name: `${'n'.repeat(121)}\u0000` }).name).toBe(
      'name has 122 characters (at most 120); name contains control characters',
    )
    for (const slug of RESERVED_SLUGS) {
      expect(checkProspectFields({ ...GOOD, slug }).slug).toBe(
        `slug "${slug}" is the address of one of the site's own pages`,
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
      template: 'template "dentist" is not one of the agent templates (the templates are general, dental)',
    })
    expect(checkProspectFields({ ...GOOD, template: 'Dental!' }).template).toBe(
      'template "Dental!" is not one of the agent templates',
    )
  })

  it("checks a rep's own words as an agent text: the placeholders must be the agent's", () => {
    expect(checkProspectFields({ ...GOOD, first_message: 'Hi from {{ company_name }}!' })).toEqual({})
    expect(checkProspectFields({ ...GOOD, system: 'You answer for {{ clinic }}.' }).system).toBe(
      'system has a placeholder problem: {{ clinic }}: "clinic" is not a placeholder (the placeholders are ' +
        'name, company_name, city, services, opening_hours, website, booking_link)',
    )
  })

  it('keeps placeholder marks out of the values an agent text is rendered with', () => {
    expect(checkProspectFields({ ...GOOD, city: 'Leeds {{ name }}' }).city).toBe(
      "city contains {{, }}, {% or %}, which mark placeholders in an agent's texts",
    )
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
