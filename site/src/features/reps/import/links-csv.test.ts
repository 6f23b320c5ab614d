import { describe, expect, it } from 'vitest'
import { createLinksCsv, getLinksFileName } from './links-csv.ts'

describe('the links CSV', () => {
  it('has a header and one row per link, in order, with CRLF line ends', () => {
    const csv = createLinksCsv([
      { slug: 'acme', url: 'https://demo.example/acme' },
      { slug: 'bright-smile-dental', url: 'https://demo.example/bright-smile-dental' },
    ])
    expect(csv).toBe(
      'slug,url\r\nacme,https://demo.example/acme\r\nbright-smile-dental,https://demo.example/bright-smile-dental\r\n',
    )
  })

  it('quotes a field that holds a comma or a quote', () => {
    expect(createLinksCsv([{ slug: 'a', url: 'https://x.example/a?b="c",d' }])).toBe(
      'slug,url\r\na,"https://x.example/a?b=""c"",d"\r\n',
    )
  })

  it('writes a value a spreadsheet would run as a formula as text, with a leading apostrophe', () => {
    const csv = createLinksCsv([
      { slug: '=HYPERLINK("http://x","Open")', url: "+cmd|' /C calc'!A0" },
      { slug: '@SUM(1+1)', url: '-1+1' },
    ])
    expect(csv).toBe(
      `slug,url\r\n"'=HYPERLINK(""http://x"",""Open"")",'+cmd|' /C calc'!A0\r\n'@SUM(1+1),'-1+1\r\n`,
    )
  })

  it('is named after the imported file', () => {
    expect(getLinksFileName('leads.CSV')).toBe('leads.links.csv')
    expect(getLinksFileName('.csv')).toBe('prospects.links.csv')
  })
})
