import type { FactSource } from '#core/website-reading.ts'
import { cityFromAddress } from './address.ts'
import { pickBusinessNode, templateForTypes } from './business-types.ts'
import type { Candidate, RankedLogo } from './candidates.ts'
import { fieldMax, joinWithin } from './fit.ts'
import { resolveHttpUrl } from './html.ts'
import { describeWeek, readOpeningHours } from './opening-hours.ts'
import {
  firstText,
  nodeTypes,
  propertyValues,
  type SchemaNode,
  type StructuredData,
  schemaText,
} from './structured-data.ts'

/**
 * What a page's schema.org data says about the business: its node (pickBusinessNode) read for the
 * name, kind, city, services, hours, telephone, booking address and description, and the logos of
 * it and of the page's organizations.
 */

export interface StructuredFacts {
  candidates: Candidate[]
  /** The template the business's type asks for, 'general' included (the caller weighs it). */
  template: string | null
  logos: RankedLogo[]
}

const isObject = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function factsFromStructuredData(
  data: StructuredData,
  pageUrl: string,
  base: string,
): StructuredFacts {
  const source: FactSource = { url: pageUrl, kind: 'structured_data' }
  const candidates: Candidate[] = []
  const logos: RankedLogo[] = []
  const business = pickBusinessNode(data.nodes)
  const offer = (field: Candidate['field'], value: string | null) => {
    if (value !== null && value !== '') candidates.push({ field, value, source })
  }
  let template: string | null = null
  if (business) {
    template = templateForTypes(nodeTypes(business))
    offer('company_name', firstText(data, business, 'name') ?? firstText(data, business, 'legalName'))
    offer('city', readCity(data, business))
    offer('services', joinWithin(readServices(data, business), fieldMax('services')))
    const hours = readOpeningHours(
      [...propertyValues(data, business, 'openingHoursSpecification')].filter(isObject),
      data.resolve,
    )
    const hourStrings = readOpeningHours(
      propertyValues(data, business, 'openingHours').filter((value) => typeof value === 'string'),
    )
    const week = hours ?? hourStrings
    offer('opening_hours', week ? describeWeek(week) : null)
    for (const phone of propertyValues(data, business, 'telephone')) offer('phone', schemaText(phone))
    for (const link of readBookingLinks(data, business, base)) offer('booking_link', link)
    offer('description', firstText(data, business, 'description'))
  }
  const organizations = [business, ...data.nodes.filter((node) => node !== business)].filter(
    (node): node is SchemaNode => node !== null,
  )
  for (const property of ['logo', 'image'] as const) {
    for (const node of organizations) {
      if (node !== business && property === 'image') continue
      if (
        node !== business &&
        !nodeTypes(node).some((type) => /Organization|Business|Corporation/.test(type))
      )
        continue
      for (const value of propertyValues(data, node, property)) {
        const url = imageUrl(data, value, base)
        if (url) logos.push({ url, source, rank: property === 'logo' ? 0 : 1 })
      }
    }
  }
  return { candidates, template, logos }
}

/** `addressLocality` of the (first) PostalAddress, or the city of an address written as one string. */
function readCity(data: StructuredData, business: SchemaNode): string | null {
  const addresses = [
    ...propertyValues(data, business, 'address'),
    ...propertyValues(data, business, 'location').flatMap((place) =>
      isObject(place) ? propertyValues(data, place, 'address') : [],
    ),
  ]
  for (const address of addresses) {
    if (isObject(address)) {
      const city = firstText(data, address, 'addressLocality')
      if (city) return city
    } else {
      const text = schemaText(address)
      const city = text ? cityFromAddress(text) : null
      if (city) return city
    }
  }
  return null
}

/**
 * The names of what the business offers: `makesOffer` and `hasOfferCatalog` items (their offered
 * thing's name, nested catalogs included), `availableService`, `serviceType`, `knowsAbout`. Unique,
 * in order.
 */
function readServices(data: StructuredData, business: SchemaNode): string[] {
  const names: string[] = []
  const seen = new Set<string>()
  const add = (name: string | null) => {
    if (!name || name.length > 80) return
    const key = name.toLowerCase()
    if (seen.has(key)) return
    seen.add(key)
    names.push(name)
  }
  const offerName = (value: unknown, depth: number): void => {
    if (depth > 6 || names.length >= 40) return
    if (typeof value === 'string') {
      add(schemaText(value))
      return
    }
    if (!isObject(value)) return
    const types = nodeTypes(value)
    if (types.includes('OfferCatalog') || value.itemListElement !== undefined) {
      const items = propertyValues(data, value, 'itemListElement')
      if (items.length === 0) add(firstText(data, value, 'name'))
      for (const item of items) offerName(item, depth + 1)
      return
    }
    if (types.includes('ListItem') && value.item !== undefined) {
      for (const item of propertyValues(data, value, 'item')) offerName(item, depth + 1)
      return
    }
    const offered = propertyValues(data, value, 'itemOffered')
    if (offered.length > 0) {
      for (const item of offered) offerName(item, depth + 1)
      return
    }
    add(firstText(data, value, 'name'))
  }
  for (const property of ['makesOffer', 'hasOfferCatalog', 'availableService', 'serviceType', 'knowsAbout']) {
    for (const value of propertyValues(data, business, property)) offerName(value, 0)
  }
  return names
}

/**
 * Where the business takes bookings: a ReserveAction or ScheduleAction's target (a URL or an
 * EntryPoint's urlTemplate), or `acceptsReservations` when it is an address (it may also be a yes/no).
 */
function readBookingLinks(data: StructuredData, business: SchemaNode, base: string): string[] {
  const links: string[] = []
  const add = (value: unknown) => {
    const text = schemaText(value)
    if (!text || /[{}]/.test(text)) return
    const url = resolveHttpUrl(text, base)
    if (url) links.push(url)
  }
  for (const action of propertyValues(data, business, 'potentialAction')) {
    if (!isObject(action)) continue
    if (!nodeTypes(action).some((type) => type === 'ReserveAction' || type === 'ScheduleAction')) continue
    for (const target of propertyValues(data, action, 'target')) {
      if (isObject(target)) {
        for (const template of propertyValues(data, target, 'urlTemplate')) add(template)
        for (const url of propertyValues(data, target, 'url')) add(url)
      } else add(target)
    }
  }
  for (const value of propertyValues(data, business, 'acceptsReservations')) {
    const text = schemaText(value)
    if (text && /^https?:\/\//i.test(text)) add(text)
  }
  return links
}

/** An image's absolute address: a URL string, or an ImageObject's `url` / `contentUrl`. */
function imageUrl(data: StructuredData, value: unknown, base: string): string | null {
  if (typeof value === 'string') return resolveHttpUrl(value, base)
  if (!isObject(value)) return null
  for (const property of ['url', 'contentUrl']) {
    for (const item of propertyValues(data, value, property)) {
      const text = schemaText(item)
      const url = text ? resolveHttpUrl(text, base) : null
      if (url) return url
    }
  }
  return null
}
