import { describe, expect, it } from 'vitest'
import { checkProspectFields, normalizeProspectFields, suggestSlug } from './prospect-fields.ts'
import type { ProspectFields } from './rep-api.ts'

const GOOD: ProspectFields = {
  slug: 'acme-dental',
  name: 'Dr. Ann Lee',
  company_name: 'Acme Dental',
  first_message: 'Hi!',
  system: 'You are Ava.\nBe brief.',
  assistant_id: null,
}

describe('checkProspectFields', () => {
  it('finds nothing wrong with good fields, surrounding spaces included', () => {
    expect(checkProspectFields(GOOD)).toEqual({})
    expect(checkProspectFields({ ...GOOD, slug: ' acme-dental ', assistant_id: '  ' })).toEqual({})
  })

  it('gives one message per bad field, in the import’s words', () => {
    expect(
      checkProspectFields({
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
    for (const slug of ['privacy', 'terms', 'new', 'import']) {
      expect(checkProspectFields({ ...GOOD, slug }).slug).toBe(
        `slug "${slug}" is the address of one of the site's own pages`,
      )
    }
  })
})

describe('normalizeProspectFields', () => {
  it('trims every value and stores an empty assistant as none', () => {
    expect(normalizeProspectFields({ ...GOOD, name: ' Ann ', assistant_id: ' ' })).toEqual({
      ...GOOD,
      name: 'Ann',
      assistant_id: null,
    })
  })
})

describe('suggestSlug', () => {
  it('turns a company name into a slug, or gives up', () => {
    expect(suggestSlug('Café Zoë & Co.')).toBe('cafe-zoe-co')
    expect(suggestSlug('株式会社')).toBeNull()
  })
})
