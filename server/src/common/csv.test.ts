import { describe, expect, it } from 'vitest'
import { formatCsv } from '#core/csv-format.ts'
import { CsvSyntaxError, parseCsv } from './csv.ts'

describe('parseCsv', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks, numbering records by their first line', () => {
    const text = ['slug,name,system', 'acme,"Smith, Jane","Line one', 'line ""two"""', 'beta,Bo,plain'].join(
      '\r\n',
    )
    expect(parseCsv(text)).toEqual([
      { line: 1, fields: ['slug', 'name', 'system'] },
      { line: 2, fields: ['acme', 'Smith, Jane', 'Line one\nline "two"'] },
      { line: 4, fields: ['beta', 'Bo', 'plain'] },
    ])
  })

  it('accepts LF and CR line ends, a BOM, empty fields and a missing final line end', () => {
    expect(parseCsv('\uFEFFa,b\nc,\rd,""')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c', ''] },
      { line: 3, fields: ['d', ''] },
    ])
  })

  it('skips blank lines and the all-empty rows spreadsheets export, but keeps their line count', () => {
    expect(parseCsv('a,b\n\n  \n,,\nc,d\n,\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 5, fields: ['c', 'd'] },
    ])
  })

  it('marks a record with a stray quote instead of guessing where its fields end', () => {
    const [, unquoted, afterClosing] = parseCsv('a,b\nJoe "JJ" Smith,x\n"Acme" Inc,y\n')
    expect(unquoted).toMatchObject({
      line: 2,
      problem: expect.stringMatching(/quote inside an unquoted field/),
    })
    expect(afterClosing).toMatchObject({
      line: 3,
      problem: expect.stringMatching(/text after a closing quote/),
    })
  })

  it('throws for a quote that never closes, naming the line where it opened', () => {
    const read = () => parseCsv('a,b\nok,fine\nbad,"never closed\nmore\n')
    expect(read).toThrow(CsvSyntaxError)
    expect(read).toThrow('a quoted field is never closed')
    try {
      read()
    } catch (error) {
      expect((error as CsvSyntaxError).line).toBe(3)
    }
  })
})

describe('formatCsv', () => {
  it('quotes only what needs it and reads back to the same fields', () => {
    const rows = [
      ['slug', 'snippet'],
      [
        'acme',
        '<script type="module" async src="https://x/widget.mjs"></script>\n<voice-demo slug="acme"></voice-demo>',
      ],
      ['b', 'a, b'],
      ['c', ' padded'],
    ]
    const text = formatCsv(rows)
    expect(
      text.startsWith(
        'slug,snippet\r\nacme,"<script type=""module"" async src=""https://x/widget.mjs""></script>\n',
      ),
    ).toBe(true)
    expect(parseCsv(text).map((record) => record.fields)).toEqual(rows)
  })
})
