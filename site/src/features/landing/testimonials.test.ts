import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { testimonials } from './testimonials.ts'

/** The seeded prospects' names and companies: `('slug', 'name', 'company', …` rows of the seed. */
function seededProspects(): { name: string; company: string }[] {
  const seed = readFileSync(join(import.meta.dirname, '../../../../supabase/seed.sql'), 'utf8')
  const row = /\(\s*'([a-z0-9-]+)',\s*'((?:[^']|'')*)',\s*'((?:[^']|'')*)'/g
  return [...seed.matchAll(row)]
    .filter(([, slug]) => slug !== 'visitor')
    .map(([, , name = '', company = '']) => ({
      name: name.replaceAll("''", "'"),
      company: company.replaceAll("''", "'"),
    }))
}

it('no testimonial names a seeded prospect, as a person or as a business', () => {
  const prospects = seededProspects()
  expect(prospects.map((p) => p.company)).toContain('Bright Smile Dental')
  for (const { name, role, text } of testimonials) {
    for (const prospect of prospects) {
      expect(`${name} ${role} ${text}`).not.toContain(prospect.name)
      expect(`${name} ${role} ${text}`).not.toContain(prospect.company)
    }
  }
})
