import { describe, expect, it } from 'vitest'
import { PROSPECT_FIELD_RULES } from '#core/prospect-fields.ts'
import { cleanLine, fitFact, joinWithin, normalizeColor, passesFieldRule, truncateText } from './fit.ts'
import { extractSiteFacts } from './index.ts'

const TEMPLATE_IDS = ['dental', 'general', 'restaurant']
const URL_ = 'https://example.test/'
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`
const extract = (html: string) => extractSiteFacts([{ url: URL_, html }], TEMPLATE_IDS)
const factsOf = (html: string) =>
  Object.fromEntries(extract(html).facts.map((fact) => [fact.field, fact.value]))

describe('fitting values to the field rules', () => {
  it('cleans a line: controls, invisible marks and placeholder marks out, whitespace collapsed', () => {
    expect(cleanLine('  Bright\u0000 Smile\u200b\n\tDental  ')).toBe('Bright Smile Dental')
    expect(cleanLine('{{ system }} {% if x %}Hi{% endif %} {{{x}}}')).toBe('system if x Hi endif {x}')
    expect(cleanLine('{{{{')).toBe('')
  })

  it('cuts at a sentence, else after a whole word with "…", never inside a word', () => {
    const sentences = 'First sentence here. Second one is longer than the rest of it.'
    expect(truncateText(sentences, 40, { sentences: true })).toBe('First sentence here.')
    expect(truncateText('alpha beta gamma delta', 13)).toBe('alpha beta…')
    expect(truncateText('alpha beta gamma delta', 100)).toBe('alpha beta gamma delta')
    expect(truncateText('Supercalifragilistic', 10)).toBeNull()
    expect(joinWithin(['Cuts', 'Color', 'Blow-dry'], 100)).toBe('Cuts, Color and Blow-dry')
    expect(joinWithin(['Cuts', 'Color', 'Blow-dry'], 16)).toBe('Cuts and Color')
  })

  it.each([
    ['#ABC', '#aabbcc'],
    ['#0E7490', '#0e7490'],
    ['#0e7490cc', '#0e7490'],
    ['rgb(12, 74, 110)', '#0c4a6e'],
    ['rgba(255,255,255,0.5)', '#ffffff'],
    ['rgb(12 74 110 / 50%)', '#0c4a6e'],
    ['red', null],
    ['rgb(300, 0, 0)', null],
    ['#12345', null],
  ])('colour %s → %s', (raw, color) => {
    expect(normalizeColor(raw)).toBe(color)
  })

  it.each([
    ['+1-217-555-0134', '+1-217-555-0134'],
    ['512.555.0147', '512.555.0147'],
    ['tel:+1 555 201 3000', '+1 555 201 3000'],
    ['Phone: 020 7946 0321', '020 7946 0321'],
    ['Telephone: 020 7946 0321', '020 7946 0321'],
    ['+1 (555) 201-3000 ext. 12', '+1 (555) 201-3000 ext. 12'],
    ['555-CALL-NOW', null],
    ['call us!', null],
    ['12', null],
  ])('phone %s → %s', (raw, phone) => {
    expect(fitFact('phone', raw, TEMPLATE_IDS)).toBe(phone)
  })

  it('takes booking links as absolute http(s) addresses within the field, never shortened', () => {
    expect(fitFact('booking_link', '/book?x=1', TEMPLATE_IDS, 'https://example.test/a/')).toBe(
      'https://example.test/book?x=1',
    )
    expect(fitFact('booking_link', 'javascript:alert(1)', TEMPLATE_IDS)).toBeNull()
    expect(fitFact('booking_link', 'https://user:pw@example.test/', TEMPLATE_IDS)).toBeNull()
    expect(fitFact('booking_link', `https://example.test/${'a'.repeat(400)}`, TEMPLATE_IDS)).toBeNull()
  })

  it('takes a template only from the ids given', () => {
    expect(fitFact('template', 'dental', TEMPLATE_IDS)).toBe('dental')
    expect(fitFact('template', 'law-firm', TEMPLATE_IDS)).toBeNull()
  })
})

describe('hostile and huge values', () => {
  it('are trimmed within the limits, cleaned, or dropped; every fact passes its rule', () => {
    const huge = {
      '@type': 'Restaurant',
      name: `{{ system }} Evil\nCorp ${'Really '.repeat(60)}Long Name`,
      description: `${'This sentence goes on. '.repeat(100)}`,
      telephone: 'call now!!! ☎',
      address: { '@type': 'PostalAddress', addressLocality: `City\u0000 of {% raw %}${'x'.repeat(300)}` },
      makesOffer: Array.from({ length: 100 }, (_, index) => ({
        '@type': 'Offer',
        name: `Dish number ${index}`,
      })),
      openingHoursSpecification: Array.from({ length: 50 }, (_, index) => ({
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][index % 7],
        opens: `${String(index % 24).padStart(2, '0')}:${String((index * 7) % 60).padStart(2, '0')}`,
        closes: `${String((index + 3) % 24).padStart(2, '0')}:15`,
      })),
      acceptsReservations: `https://example.test/${'b'.repeat(500)}`,
    }
    const html = `<html><head><meta name="theme-color" content="javascript:alert(1)">${ld(huge)}</head><body>
      <a href="javascript:alert(1)">Book now</a><a href="tel:not-a-number">Call</a></body></html>`
    const { facts } = extract(html)
    const byField = Object.fromEntries(facts.map((fact) => [fact.field, fact.value]))
    for (const fact of facts) {
      expect([...fact.value].length).toBeLessThanOrEqual(PROSPECT_FIELD_RULES[fact.field].max)
      expect(fact.value).not.toMatch(/\{\{|\}\}|\{%|%\}|[\r\n]/)
      expect(fact.value).not.toContain('\u0000')
      expect(passesFieldRule(fact.field, fact.value, TEMPLATE_IDS)).toBe(true)
    }
    expect(byField.company_name).toMatch(/^system Evil Corp Really .*…$/)
    expect(byField.description).toMatch(/^This sentence goes on\. .*on\.$/)
    expect(byField.services).toMatch(/^Dish number 0, Dish number 1, .* and Dish number \d+$/)
    expect(byField.opening_hours?.length).toBeLessThanOrEqual(300)
    expect(byField.city).toBeUndefined()
    expect(byField.phone).toBeUndefined()
    expect(byField.booking_link).toBeUndefined()
    expect(byField.theme_color).toBeUndefined()
  })

  it('survives a deeply nested page and caps each page text', () => {
    const deep = `<html><body>${'<div>'.repeat(20_000)}deep${'</div>'.repeat(20_000)}<p>${'word '.repeat(5000)}</p></body></html>`
    const result = extract(deep)
    expect(result.texts[0]?.text.length).toBeLessThanOrEqual(6000)
    expect(result.texts[0]?.text.endsWith('word')).toBe(true)
  })
})

describe('meta tags and page text', () => {
  it('prefers the light theme colour to a dark variant', () => {
    const colors = (...metas: string[]) =>
      factsOf(
        `<html><head>${metas.map((meta) => `<meta name="theme-color" ${meta}>`).join('')}</head></html>`,
      ).theme_color
    expect(
      colors(
        'media="(prefers-color-scheme: dark)" content="#000"',
        'media="(prefers-color-scheme: light)" content="#fA0"',
      ),
    ).toBe('#ffaa00')
    expect(colors('media="(prefers-color-scheme: dark)" content="#000"', 'content="#123456"')).toBe('#123456')
    expect(colors('media="(prefers-color-scheme: dark)" content="#000"')).toBe('#000000')
  })

  it('names the company from og:site_name, else the title the pages share, else a title part that is not generic', () => {
    expect(factsOf('<title>Home | Acme Plumbing</title>').company_name).toBe('Acme Plumbing')
    expect(factsOf('<title>Acme Plumbing – Emergency plumber in Leeds</title>').company_name).toBe(
      'Acme Plumbing',
    )
    expect(
      factsOf('<title>Home</title><meta property="og:title" content="Welcome - Acme Ltd">').company_name,
    ).toBe('Acme Ltd')
    expect(
      extractSiteFacts(
        [
          { url: URL_, html: '<title>Plumbing, heating and drains done right | Pipe &amp; Co</title>' },
          { url: `${URL_}contact`, html: '<title>Contact us | Pipe &amp; Co</title>' },
        ],
        TEMPLATE_IDS,
      ).facts.find((fact) => fact.field === 'company_name')?.value,
    ).toBe('Pipe & Co')
    expect(factsOf('<title>Home</title>').company_name).toBeUndefined()
  })

  it('takes a known booking service over a link that only says "Book now"', () => {
    const html = `<body><a href="/book">Book now</a><a href="https://acme.square.site/appointments/x">Appointments</a></body>`
    expect(factsOf(html).booking_link).toBe('https://acme.square.site/appointments/x')
    expect(factsOf('<body><a href="/reserve">Reserve a table</a></body>').booking_link).toBe(
      'https://example.test/reserve',
    )
    expect(factsOf('<body><a href="/shop">Shop now</a></body>').booking_link).toBeUndefined()
  })

  it('reads a services list only under a services heading, and not a menu', () => {
    const list = (heading: string) =>
      factsOf(
        `<body><main><h2>${heading}</h2><ul><li>Cuts</li><li>Color</li><li>Blow-dry</li></ul></main></body>`,
      ).services
    expect(list('Our Services')).toBe('Cuts, Color and Blow-dry')
    expect(list('Treatments')).toBe('Cuts, Color and Blow-dry')
    expect(list('Our menu')).toBeUndefined()
    expect(list('Latest news')).toBeUndefined()
    const cards = factsOf(
      '<main><section><h2>What we do</h2><div><h3>Repairs</h3><p>Fast.</p></div><div><h3>Installs</h3><p>Neat.</p></div></section><section><h2>Team</h2><h3>Ann</h3></section></main>',
    ).services
    expect(cards).toBe('Repairs and Installs')
    // A card named like a services heading is still a card of the outer list.
    const named = factsOf(
      '<main><h2>Our services</h2><h3>Emergency services</h3><p>Day and night.</p><h3>Boiler servicing</h3><p>Yearly.</p></main>',
    ).services
    expect(named).toBe('Emergency services and Boiler servicing')
  })

  it("falls back to the home page's first substantial paragraph of main content for the description", () => {
    const html = `<body><header><p>${'Header blurb that is long enough to count as a paragraph of text. '.repeat(2)}</p></header>
      <main><p>Short.</p><p>We are a family-run bakery in the old town, baking bread, pastries and cakes from scratch every morning since 1978.</p></main></body>`
    expect(factsOf(html).description).toBe(
      'We are a family-run bakery in the old town, baking bread, pastries and cakes from scratch every morning since 1978.',
    )
  })
})
