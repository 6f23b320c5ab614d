import { describe, expect, it } from 'vitest'
import { makeProspectRow } from '../testing/prospect-fixture.ts'
import { parseCsv } from './csv.ts'
import { MAX_IMPORT_ROWS, readProspectRows } from './prospect-rows.ts'

const HEADER = 'slug,name,company_name,first_message,system,assistant_id'
const read = (...lines: string[]) => readProspectRows(parseCsv(lines.join('\n')))

describe('readProspectRows', () => {
  it('reads rows by header name in any column order, trimmed, with an empty assistant_id as none', () => {
    const result = read(
      'system,slug,company_name,name,first_message',
      '"You are Ava.\nBe brief.", acme-dental ,Acme Dental,  Dr. Ann Lee ,Hi!',
    )
    expect(result).toEqual({
      // The columns left out are none: the general template, no details, the default assistant.
      rows: [
        makeProspectRow({
          slug: 'acme-dental',
          name: 'Dr. Ann Lee',
          company_name: 'Acme Dental',
          first_message: 'Hi!',
          system: 'You are Ava.\nBe brief.',
        }),
      ],
      problems: [],
    })
  })

  it('reports every bad row with its line and all of its problems', () => {
    const result = read(
      HEADER,
      'good-one,Ann,Acme,Hi,Prompt,',
      'Acme Inc,,Acme,Hi,Prompt,', // line 3: slug rule (with a suggestion) and an empty name
      `long-name,${'n'.repeat(121)},Acme,Hi,Prompt,asst-1`,
      'too,few,fields',
      'good-one,Bo,Other,Hi,Prompt,', // line 6: the slug of line 2 again
      '"multi","Ann\nLee",Acme,Hi,Prompt,', // line 7: a name may not break lines
      'ctl,Ann\u0007,Acme,Hi,Prompt,',
    )
    expect(result.problems).toEqual([
      {
        line: 3,
        message:
          'name (Contact name) is required; slug (Slug) must be lowercase letters, digits or dashes, ' +
          'not "Acme Inc" (for example "acme-inc")',
      },
      { line: 4, message: 'name (Contact name) has 121 characters (at most 120)' },
      { line: 5, message: '3 fields, but the header has 6' },
      { line: 6, message: 'slug (Slug) is also on line 2 ("good-one")' },
      { line: 7, message: 'name (Contact name) contains a line break' },
      { line: 9, message: 'name (Contact name) contains control characters' },
    ])
    expect(result.rows.map((row) => row.slug)).toEqual(['good-one'])
  })

  it('counts characters, not UTF-16 units, against the limits', () => {
    const emoji = '😀'.repeat(120) // 240 UTF-16 units, 120 characters
    expect(read(HEADER, `ok,${emoji},Acme,Hi,Prompt,`).problems).toEqual([])
  })

  it('reads a template and details without any prompt, and names an unknown template with its line', () => {
    const context = { templateIds: ['general', 'dental'] }
    const result = readProspectRows(
      parseCsv(
        [
          'slug,name,company_name,template,city,opening_hours',
          'acme-dental,Dr. Ann Lee,Acme Dental,dental,Leeds,"Mon to Fri, 8 to 6"',
          'acme-plumbing,Bo,Acme Plumbing,,,',
          'acme-law,Cy,Acme Law,lawyers,,',
        ].join('\n'),
      ),
      context,
    )
    expect(result.problems).toEqual([
      {
        line: 4,
        message:
          'template (Kind of business) must be one of the agent templates (general, dental), not "lawyers"',
      },
    ])
    expect(result.rows).toEqual([
      expect.objectContaining({
        template: 'dental',
        city: 'Leeds',
        opening_hours: 'Mon to Fri, 8 to 6',
        system: null,
      }),
      expect.objectContaining({ slug: 'acme-plumbing', template: null, city: null, first_message: null }),
    ])
  })

  it('names unknown, missing and repeated columns in the header and reads no row', () => {
    const result = read('slug,name,company,name,first_message', 'a,b,c,d,e')
    expect(result.rows).toEqual([])
    expect(result.problems).toHaveLength(1)
    expect(result.problems[0]?.line).toBe(1)
    expect(result.problems[0]?.message).toMatch(
      /^header: unknown column "company"; missing column "company_name"; column "name" twice/,
    )
  })

  it('refuses an empty file, a header alone, and more rows than one import takes', () => {
    expect(read('').problems[0]?.message).toMatch(/empty/)
    expect(read(HEADER).problems[0]?.message).toMatch(/no prospects/)
    const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `p-${i},n,c,f,s,`)
    expect(read(HEADER, ...rows).problems[0]?.message).toMatch(/split the file/)
  })
})
