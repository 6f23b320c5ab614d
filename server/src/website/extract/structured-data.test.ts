import { describe, expect, it } from 'vitest'
import { templateForTypes, templateFromWords } from './business-types.ts'
import { parsePage } from './html.ts'
import { extractSiteFacts } from './index.ts'
import { parseJsonLd, readStructuredData } from './structured-data.ts'

const TEMPLATE_IDS = [
  'dental',
  'general',
  'home-services',
  'law-firm',
  'medical',
  'real-estate',
  'restaurant',
  'salon-studio',
]
const URL_ = 'https://example.test/'

const page = (head: string, body = '') =>
  `<!doctype html><html><head><title>Example</title>${head}</head><body>${body}</body></html>`
const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`
const factsOf = (html: string, templateIds: readonly string[] = TEMPLATE_IDS) =>
  Object.fromEntries(
    extractSiteFacts([{ url: URL_, html }], templateIds).facts.map((fact) => [fact.field, fact.value]),
  )

describe('JSON-LD', () => {
  it('reads a single object, an array and a @graph alike', () => {
    const business = { '@type': 'Plumber', name: 'Pipe Pros', telephone: '+1 555 201 3000' }
    for (const value of [
      { '@context': 'https://schema.org', ...business },
      [{ '@type': 'WebSite', name: 'Pipe Pros site' }, business],
      { '@context': 'https://schema.org', '@graph': [{ '@type': 'WebPage', name: 'Home' }, business] },
    ]) {
      expect(factsOf(page(ld(value)))).toMatchObject({
        company_name: 'Pipe Pros',
        template: 'home-services',
        phone: '+1 555 201 3000',
      })
    }
  })

  it('takes @type as an array or with its vocabulary, the most specific kind first', () => {
    expect(factsOf(page(ld({ '@type': ['Dentist', 'LocalBusiness'], name: 'A' }))).template).toBe('dental')
    expect(factsOf(page(ld({ '@type': ['LocalBusiness', 'Dentist'], name: 'A' }))).template).toBe('dental')
    expect(factsOf(page(ld({ '@type': ['MedicalBusiness', 'Dentist'], name: 'A' }))).template).toBe('dental')
    expect(factsOf(page(ld({ '@type': 'http://schema.org/Attorney', name: 'A' }))).template).toBe('law-firm')
    expect(factsOf(page(ld({ '@type': 'schema:HairSalon', name: 'A' }))).template).toBe('salon-studio')
  })

  it('follows @id references within the page (Yoast and Rank Math graphs), absolute or by fragment', () => {
    const graph = {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebSite', '@id': 'https://example.test/#website', publisher: { '@id': '#org' } },
        {
          '@type': 'WebPage',
          '@id': 'https://example.test/',
          about: { '@id': 'https://example.test/#org' },
          name: 'Home – Law Offices of Reyes & Park',
        },
        {
          '@type': ['Organization', 'LegalService'],
          '@id': 'https://example.test/#org',
          name: 'Reyes &amp; Park LLP',
          address: { '@id': 'https://example.test/#address' },
          logo: { '@id': 'https://example.test/#logo' },
          openingHoursSpecification: [{ '@id': '#hours' }],
        },
        {
          '@type': 'PostalAddress',
          '@id': 'https://example.test/#address',
          addressLocality: 'Sacramento',
        },
        {
          '@type': 'ImageObject',
          '@id': 'https://example.test/#logo',
          url: 'https://cdn.example.test/rp.png',
        },
        {
          '@type': 'OpeningHoursSpecification',
          '@id': 'https://example.test/#hours',
          dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
          opens: '09:00',
          closes: '17:00',
        },
      ],
    }
    const result = extractSiteFacts([{ url: URL_, html: page(ld(graph)) }], TEMPLATE_IDS)
    expect(Object.fromEntries(result.facts.map((fact) => [fact.field, fact.value]))).toMatchObject({
      company_name: 'Reyes & Park LLP',
      template: 'law-firm',
      city: 'Sacramento',
      opening_hours: 'Monday to Friday 9 am to 5 pm',
    })
    expect(result.logoCandidates[0]).toEqual({
      url: 'https://cdn.example.test/rp.png',
      source: { url: URL_, kind: 'structured_data' },
    })
  })

  it('picks the business among other nodes: a local business over an organization over a thing with an address', () => {
    const nodes = [
      { '@type': 'Person', name: 'Dr. Who', telephone: '+1 555 000 1111' },
      { '@type': 'Organization', name: 'Smile Group Holdings' },
      { '@type': 'Dentist', name: 'Smile Downtown', telephone: '+1 555 000 2222' },
    ]
    expect(factsOf(page(ld(nodes)))).toMatchObject({
      company_name: 'Smile Downtown',
      phone: '+1 555 000 2222',
    })
    expect(factsOf(page(ld(nodes.slice(0, 2)))).company_name).toBe('Smile Group Holdings')
    expect(factsOf(page(ld(nodes.slice(0, 1)))).company_name).toBe('Dr. Who')
  })

  it('reads services from makesOffer, hasOfferCatalog (nested), serviceType and knowsAbout', () => {
    const business = {
      '@type': 'HVACBusiness',
      name: 'Cool Air',
      makesOffer: [
        { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'AC repair' } },
        { '@type': 'Offer', name: 'Furnace tune-up' },
      ],
      hasOfferCatalog: {
        '@type': 'OfferCatalog',
        name: 'Services',
        itemListElement: [
          {
            '@type': 'OfferCatalog',
            name: 'Installations',
            itemListElement: [{ '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'Heat pumps' } }],
          },
          { '@type': 'Offer', itemOffered: { '@type': 'Service', name: 'AC repair' } },
        ],
      },
      serviceType: 'Duct cleaning',
      knowsAbout: ['Indoor air quality'],
    }
    expect(factsOf(page(ld(business))).services).toBe(
      'AC repair, Furnace tune-up, Heat pumps, Duct cleaning and Indoor air quality',
    )
  })

  it('reads the city from a PostalAddress, or from an address written as one string when its shape is certain', () => {
    const city = (address: unknown) => factsOf(page(ld({ '@type': 'Store', name: 'S', address }))).city
    expect(city({ '@type': 'PostalAddress', addressLocality: 'Springfield' })).toBe('Springfield')
    expect(city([{ '@type': 'PostalAddress', addressLocality: 'Boise' }])).toBe('Boise')
    expect(city('123 Main St, Springfield, IL 62704')).toBe('Springfield')
    expect(city('Hauptstraße 5, 10115 Berlin')).toBe('Berlin')
    expect(city('12 High Street, Bristol BS1 4DJ')).toBe('Bristol')
    expect(city('Somewhere near the old mill')).toBeUndefined()
  })

  it('reads logos as URLs or ImageObjects, then images, relative to the page', () => {
    const result = extractSiteFacts(
      [
        {
          url: 'https://example.test/en/',
          html: page(
            ld({
              '@type': 'Bakery',
              name: 'B',
              logo: { '@type': 'ImageObject', contentUrl: '../img/logo.svg' },
              image: ['/img/shop.jpg', { '@type': 'ImageObject', url: 'https://cdn.example.test/front.jpg' }],
            }),
          ),
        },
      ],
      TEMPLATE_IDS,
    )
    expect(result.logoCandidates.map((logo) => logo.url)).toEqual([
      'https://example.test/img/logo.svg',
      'https://example.test/img/shop.jpg',
      'https://cdn.example.test/front.jpg',
    ])
  })

  it('forgives comments, CDATA wrappers and trailing commas, and skips what is still broken', () => {
    expect(parseJsonLd('<!-- {"@type": "Store", "name": "A",} -->')).toEqual({ '@type': 'Store', name: 'A' })
    expect(parseJsonLd('//<![CDATA[\n{"name": "B", "x": [1, 2,],}\n//]]>')).toEqual({ name: 'B', x: [1, 2] })
    expect(parseJsonLd('{"name": "Line\nbreak"}')).toEqual({ name: 'Line break' })
    expect(parseJsonLd('{"name": "cut')).toBeUndefined()
    expect(parseJsonLd("{name: 'x'}")).toBeUndefined()
    const html = page(
      `${ld({ '@type': 'Store', telephone: '+1 555 300 4000' })}<script type="application/ld+json">{"@type":"Store","name":</script>`,
    )
    expect(factsOf(html).phone).toBe('+1 555 300 4000')
  })

  it('reads a booking address from a ReserveAction or acceptsReservations, not from a yes', () => {
    const withAction = {
      '@type': 'Restaurant',
      name: 'R',
      potentialAction: {
        '@type': 'ReserveAction',
        target: { '@type': 'EntryPoint', urlTemplate: 'https://book.example.test/r' },
      },
    }
    expect(factsOf(page(ld(withAction))).booking_link).toBe('https://book.example.test/r')
    expect(
      factsOf(page(ld({ '@type': 'Restaurant', name: 'R', acceptsReservations: 'True' }))).booking_link,
    ).toBe(undefined)
  })
})

describe('microdata', () => {
  it('reads nested items, values from content/href/src/datetime and text, without mixing nested names in', () => {
    const html = page(
      '',
      `<div itemscope itemtype="https://schema.org/RealEstateAgent">
        <h1 itemprop="name">Oak &amp; Elm Realty</h1>
        <img itemprop="logo" src="/oak.png" alt="">
        <a itemprop="telephone" href="tel:+15553334444" content="+1 555 333 4444">Call</a>
        <time itemprop="openingHours" datetime="Mo-Sa 09:00-18:00">Mon–Sat 9–6</time>
        <div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
          <span itemprop="addressLocality">Asheville</span>
        </div>
        <div itemprop="employee" itemscope itemtype="https://schema.org/Person"><span itemprop="name">Jo Agent</span></div>
        <p itemprop="description">Helping buyers and sellers in the Blue Ridge since 1999.</p>
      </div>`,
    )
    const data = readStructuredData(parsePage(URL_, html))
    expect(data.nodes.map((node) => node['@type'])).toEqual([
      ['https://schema.org/RealEstateAgent'],
      ['https://schema.org/PostalAddress'],
      ['https://schema.org/Person'],
    ])
    expect(factsOf(html)).toMatchObject({
      company_name: 'Oak & Elm Realty',
      template: 'real-estate',
      city: 'Asheville',
      opening_hours: 'Monday to Saturday 9 am to 6 pm',
      phone: '+1 555 333 4444',
      description: 'Helping buyers and sellers in the Blue Ridge since 1999.',
    })
  })
})

describe('templates', () => {
  it.each([
    [['Dentist'], 'dental'],
    [['Physician'], 'medical'],
    [['MedicalClinic'], 'medical'],
    [['MedicalBusiness'], 'medical'],
    [['MedicalOrganization'], 'medical'],
    [['Hospital'], 'medical'],
    [['Plumber'], 'home-services'],
    [['HVACBusiness'], 'home-services'],
    [['Electrician'], 'home-services'],
    [['RoofingContractor'], 'home-services'],
    [['HomeAndConstructionBusiness'], 'home-services'],
    [['GeneralContractor'], 'home-services'],
    [['HousePainter'], 'home-services'],
    [['Locksmith'], 'home-services'],
    [['RealEstateAgent'], 'real-estate'],
    [['Restaurant'], 'restaurant'],
    [['CafeOrCoffeeShop'], 'restaurant'],
    [['FoodEstablishment'], 'restaurant'],
    [['Bakery'], 'restaurant'],
    [['BarOrPub'], 'restaurant'],
    [['FastFoodRestaurant'], 'restaurant'],
    [['BeautySalon'], 'salon-studio'],
    [['HairSalon'], 'salon-studio'],
    [['DaySpa'], 'salon-studio'],
    [['HealthClub'], 'salon-studio'],
    [['NailSalon'], 'salon-studio'],
    [['HealthAndBeautyBusiness'], 'salon-studio'],
    [['LegalService'], 'law-firm'],
    [['Attorney'], 'law-firm'],
    [['Notary'], 'law-firm'],
    [['LocalBusiness'], 'general'],
    [['Store'], 'general'],
    [['AutoRepair'], 'general'],
    [['PetStore'], 'general'],
    [['FoodEstablishment', 'Bakery'], 'restaurant'],
    [['HealthAndBeautyBusiness', 'NailSalon'], 'salon-studio'],
    [['Organization'], null],
    [['WebSite'], null],
    [['Service'], null],
    [[], null],
  ])('%j → %s', (types, template) => {
    expect(templateForTypes(types)).toBe(template)
  })

  it('guesses from the home page words only when one kind is named', () => {
    expect(templateFromWords('Bright Smile | Family Dentist in Springfield')).toBe('dental')
    expect(templateFromWords('Smith & Jones Attorneys at Law')).toBe('law-firm')
    expect(templateFromWords('Downtown Dental Clinic')).toBe('dental')
    expect(templateFromWords('Acme Consulting – Strategy for growing companies')).toBeNull()
    expect(templateFromWords('Salon and restaurant supplies')).toBeNull()
  })

  it('proposes no template without a business type or clear words, and only the ids it is given', () => {
    expect(factsOf(page(ld({ '@type': 'Organization', name: 'Acme Consulting' }))).template).toBeUndefined()
    expect(factsOf(page(ld({ '@type': 'LocalBusiness', name: 'Acme' }))).template).toBe('general')
    // Words naming a kind beat a type that only says "a local business".
    expect(
      factsOf(`<title>Pine Dental – Family dentist</title>${ld({ '@type': 'LocalBusiness', name: 'Pine' })}`)
        .template,
    ).toBe('dental')
    expect(factsOf(page(ld({ '@type': 'Dentist', name: 'A' })), ['general']).template).toBeUndefined()
  })
})
