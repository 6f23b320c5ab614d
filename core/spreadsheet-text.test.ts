import { expect, it } from 'vitest'
import { neutralizeFormula } from './spreadsheet-text.ts'

it('gives a value a spreadsheet would run a leading apostrophe, and leaves the rest as they are', () => {
  const formulas = [
    '=HYPERLINK("http://x","Open")',
    "+cmd|' /C calc'!A0",
    '@SUM(1+1)',
    '-1+1',
    '\t=1',
    '\r=1',
  ]
  for (const value of formulas) expect(neutralizeFormula(value), value).toBe(`'${value}`)
  for (const value of ['', 'Ann Lee', 'a=b', "'quoted", ' =1', 'https://demo.example/acme']) {
    expect(neutralizeFormula(value), value).toBe(value)
  }
})
