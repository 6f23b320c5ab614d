import type { Element } from 'domhandler'
import type { FactSource } from '#core/website-reading.ts'
import { cityFromLines } from './address.ts'
import { isBookingServiceUrl, isBookingText } from './booking-links.ts'
import type { Candidate } from './candidates.ts'
import { fieldMax, joinWithin } from './fit.ts'
import {
  collapseSpace,
  foldText,
  hasAncestor,
  isNavigation,
  isUnseen,
  type ParsedPage,
  resolveHttpUrl,
  textLines,
  textOf,
} from './html.ts'
import { describeWeek, readOpeningHoursLines } from './opening-hours.ts'

/**
 * What a page's visible text and links say: `tel:` links, booking links, a timetable of hours, an
 * address's city, a list of services under a services heading, and (on the home page) the first
 * paragraph that describes the business.
 */

export interface PageTextFacts {
  phones: Candidate[]
  /** Links to a known booking service: sure. */
  bookingServices: Candidate[]
  /** Links whose words say "book": likelier a page than a booking form. */
  bookingWords: Candidate[]
  hours: Candidate | null
  city: Candidate | null
  services: Candidate | null
  /** The first substantial paragraph of the page's main content. */
  paragraph: Candidate | null
}

export function factsFromPageText(page: ParsedPage): PageTextFacts {
  const source: FactSource = { url: page.url, kind: 'page_text' }
  const candidate = (field: Candidate['field'], value: string | null): Candidate | null =>
    value ? { field, value, source } : null
  const phones: Candidate[] = []
  const bookingServices: Candidate[] = []
  const bookingWords: Candidate[] = []
  for (const element of page.elements) {
    if (element.name !== 'a' || !element.attribs.href || isUnseen(element)) continue
    const href = element.attribs.href.trim()
    if (/^tel:/i.test(href)) {
      const phone = phoneOfLink(href, textOf(element))
      if (phone) phones.push({ field: 'phone', value: phone, source })
      continue
    }
    const url = resolveHttpUrl(href, page.base)
    if (!url) continue
    if (isBookingServiceUrl(url)) bookingServices.push({ field: 'booking_link', value: url, source })
    else if (isBookingText(textOf(element) || element.attribs['aria-label'] || element.attribs.title || '')) {
      bookingWords.push({ field: 'booking_link', value: url, source })
    }
  }
  const lines = textLines(page.document)
  const week = readOpeningHoursLines(lines)
  return {
    phones,
    bookingServices,
    bookingWords,
    hours: candidate('opening_hours', week ? describeWeek(week) : null),
    city: candidate('city', cityFromLines(lines)),
    services: candidate('services', readServiceList(page)),
    paragraph: candidate('description', firstParagraph(page)),
  }
}

/**
 * A `tel:` link's number as the page shows it, when the shown text is that number (its digits end the
 * link's: "(207) 555-0188" for tel:+12075550188); else the link's own number.
 */
function phoneOfLink(href: string, text: string): string | null {
  let number: string
  try {
    number = decodeURIComponent(href.replace(/^tel:/i, ''))
  } catch {
    number = href.replace(/^tel:/i, '')
  }
  number = number.split(/[;,?]/)[0]?.trim() ?? ''
  const linkDigits = number.replace(/\D/g, '')
  const shownDigits = text.replace(/\D/g, '')
  if (shownDigits.length >= 5 && linkDigits.endsWith(shownDigits) && /^[\d\s+().\-/]+$/.test(text.trim())) {
    return text.trim()
  }
  return linkDigits.length >= 5 ? number : null
}

const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const SECTIONS = new Set(['section', 'article', 'main', 'aside', 'header', 'footer', 'nav', 'body'])
const headingLevel = (element: Element): number => Number(element.name.slice(1))

/** Headings over a list of what the business does (restaurants' menus are dishes, not services). */
const SERVICE_HEADING =
  /\b(?:services|our services|what we do|what we offer|treatments|our treatments|specialties|specialities|practice areas|areas of practice|leistungen|behandlungen|prestations|nos services|servicios|servizi|diensten|behandelingen)\b/
const NOT_SERVICES = /\b(?:terms|customer service|menu|menus|careers|jobs)\b/

/**
 * The first services list of the page: the `<ul>`/`<ol>` (2 to 12 short items) after a heading such
 * as "Our services", "What we do" or "Treatments", or failing a list, that heading's 2 to 12
 * subheadings (cards). Items are said as written: "Check-ups, Teeth whitening and Implants".
 */
function readServiceList(page: ParsedPage): string | null {
  const sections = serviceSections(page)
  for (const [position, section] of sections.entries()) {
    // A services heading inside this one ("Dental services" › "What we do") with items of its own is
    // the more precise: its items win over this section's subheadings.
    const inner = sections
      .slice(position + 1)
      .find((other) => other.start < section.end && other.items !== null)
    const items = inner?.items ?? section.items
    if (items) return joinWithin(items, fieldMax('services'))
  }
  return null
}

interface ServiceSection {
  /** The heading's index in the page's elements, and the index where its section ends. */
  start: number
  end: number
  items: string[] | null
}

/** Every services heading of the page, with the items under it (a list, else its subheadings). */
function serviceSections(page: ParsedPage): ServiceSection[] {
  const { elements } = page
  const sections: ServiceSection[] = []
  for (let index = 0; index < elements.length; index++) {
    const heading = elements[index]
    if (!heading || !HEADINGS.has(heading.name) || isUnseen(heading) || hasAncestor(heading, isNavigation))
      continue
    const title = foldText(textOf(heading))
    if (title.length > 60 || !SERVICE_HEADING.test(title) || NOT_SERVICES.test(title)) continue
    const level = headingLevel(heading)
    // The heading's section: its nearest sectioning ancestor (a footer's headings are not its items).
    let scope: Element | null = null
    for (let parent = heading.parent; parent && !scope; parent = parent.parent) {
      if ('name' in parent && SECTIONS.has(parent.name)) scope = parent
    }
    let list: string[] | null = null
    let listAt = Number.POSITIVE_INFINITY
    const subheadings: string[] = []
    let subLevel = 0
    let firstSubheadingAt = Number.POSITIVE_INFINITY
    let end = index + 1
    for (; end < elements.length; end++) {
      const element = elements[end]
      if (!element) continue
      if (scope && !hasAncestor(element, (ancestor) => ancestor === scope)) break
      if (hasAncestor(element, (ancestor) => ancestor === heading)) continue
      if (isUnseen(element) || hasAncestor(element, isUnseen)) continue
      if (HEADINGS.has(element.name)) {
        const nextLevel = headingLevel(element)
        if (nextLevel <= level) break
        if (subLevel === 0) subLevel = nextLevel
        if (nextLevel === subLevel) {
          subheadings.push(collapseSpace(textOf(element)))
          firstSubheadingAt = Math.min(firstSubheadingAt, end)
        }
        continue
      }
      if (
        list === null &&
        (element.name === 'ul' || element.name === 'ol') &&
        !hasAncestor(element, isNavigation)
      ) {
        list = listItems(element)
        if (list) listAt = end
      }
    }
    const fromSubheadings = acceptableItems(subheadings)
    const items = list && listAt < firstSubheadingAt ? list : (fromSubheadings ?? list)
    sections.push({ start: index, end, items })
  }
  return sections
}

/** A list's items (each its first line of text: a card's title, not its blurb), if they read as services. */
function listItems(list: Element): string[] | null {
  const items = list.children
    .filter((child): child is Element => 'name' in child && child.name === 'li')
    .map((item) => textLines(item)[0] ?? '')
  return acceptableItems(items)
}

/** 2 to 12 short, distinct items, trailing punctuation removed; null otherwise. */
function acceptableItems(raw: readonly string[]): string[] | null {
  const items: string[] = []
  for (const item of raw) {
    const text = item.replace(/[\s:;,.–—-]+$/, '').trim()
    if (text === '') continue
    if (text.length > 80 || text.split(' ').length > 10) return null
    if (!items.some((known) => known.toLowerCase() === text.toLowerCase())) items.push(text)
  }
  return items.length >= 2 && items.length <= 12 ? items : null
}

/** Elements around the main content: navigation, banners, footers, side notes, forms, cookie notices. */
const isBoilerplate = (element: Element): boolean =>
  isNavigation(element) ||
  ['header', 'footer', 'aside', 'form', 'nav', 'button', 'blockquote', 'figure'].includes(element.name) ||
  ['banner', 'contentinfo', 'complementary', 'dialog', 'alertdialog'].includes(element.attribs.role ?? '') ||
  /cookie|consent|gdpr/i.test(`${element.attribs.id ?? ''} ${element.attribs.class ?? ''}`)

/**
 * The first paragraph of the main content (`<main>`, else `<article>`, else the body outside its
 * header, footer and navigation) that is 80 to 500 characters long and not about cookies.
 */
function firstParagraph(page: ParsedPage): string | null {
  const main =
    page.elements.find((element) => element.name === 'main' || element.attribs.role === 'main') ??
    page.elements.find((element) => element.name === 'article')
  for (const element of page.elements) {
    if (element.name !== 'p') continue
    if (main && element !== main && !hasAncestor(element, (ancestor) => ancestor === main)) continue
    if (
      isUnseen(element) ||
      hasAncestor(element, (ancestor) => isUnseen(ancestor) || isBoilerplate(ancestor))
    )
      continue
    const text = collapseSpace(textOf(element))
    if (text.length < 80 || text.length > 500 || /cookie/i.test(text)) continue
    return text
  }
  return null
}

/**
 * Each page's visible text for the optional AI step: scripts, styles, hidden parts and navigation left
 * out, and the header and footer too except on the home page (where they are read once, not on every
 * page). Lines are kept (a timetable stays readable), whitespace collapsed, at most `max` characters
 * cut after a whole word.
 */
export function visibleText(page: ParsedPage, isHome: boolean, max = 6000): string {
  const skip = (element: Element) =>
    isNavigation(element) ||
    element.name === 'form' ||
    /\b(?:screen-reader-text|sr-only|visually-hidden|skip-link)\b/.test(element.attribs.class ?? '') ||
    (!isHome &&
      (element.name === 'header' ||
        element.name === 'footer' ||
        ['banner', 'contentinfo'].includes(element.attribs.role ?? ''))) ||
    /cookie-?(?:banner|notice|consent)/i.test(`${element.attribs.id ?? ''} ${element.attribs.class ?? ''}`)
  const body = page.elements.find((element) => element.name === 'body') ?? page.document
  const text = textLines(body, { skip }).join('\n')
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = Math.max(cut.lastIndexOf(' '), cut.lastIndexOf('\n'))
  return (space > max / 2 ? cut.slice(0, space) : cut).trimEnd()
}
