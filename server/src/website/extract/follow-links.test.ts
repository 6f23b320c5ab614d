import { describe, expect, it } from 'vitest'
import { pickFollowLinks } from './index.ts'

const home = (links: string, url = 'https://www.example.test/') => ({
  url,
  html: `<!doctype html><html><head><title>Home</title></head><body><nav>${links}</nav><main><p>Hello</p></main></body></html>`,
})

describe('pickFollowLinks', () => {
  it('picks contact, hours, services, location and about pages, best first', () => {
    const page = home(`
      <a href="/">Home</a>
      <a href="/about-us/">About us</a>
      <a href="/blog/">Blog</a>
      <a href="/our-services">What we do</a>
      <a href="https://www.example.test/contact">Contact</a>
      <a href="/opening-hours.html">Hours</a>
      <a href="/find-us">Directions</a>
    `)
    expect(pickFollowLinks(page, 10)).toEqual([
      'https://www.example.test/contact',
      'https://www.example.test/opening-hours.html',
      'https://www.example.test/our-services',
      'https://www.example.test/find-us',
      'https://www.example.test/about-us/',
    ])
    expect(pickFollowLinks(page, 2)).toEqual([
      'https://www.example.test/contact',
      'https://www.example.test/opening-hours.html',
    ])
    expect(pickFollowLinks(page, 0)).toEqual([])
  })

  it('ignores other sites, mail and phone links, files, fragments of the home page and legal pages', () => {
    const page = home(`
      <a href="https://facebook.com/example/contact">Contact us on Facebook</a>
      <a href="https://contact.other.test/">Contact</a>
      <a href="mailto:hello@example.test">Contact by email</a>
      <a href="tel:+15550100">Call to book</a>
      <a href="javascript:void(0)">Contact</a>
      <a href="/files/services.pdf">Services (PDF)</a>
      <a href="/img/contact.jpg">Contact map</a>
      <a href="#contact">Contact</a>
      <a href="/privacy-policy">Privacy and contact details</a>
      <a href="/terms-of-service">Terms of service</a>
      <a href="/contact#form">Write to us</a>
      <a href="/contact">Contact</a>
    `)
    expect(pickFollowLinks(page, 5)).toEqual(['https://www.example.test/contact'])
  })

  it('counts the same site with or without "www.", and other languages\' words', () => {
    const page = home(
      `
      <a href="https://example.test/kontakt/">Kontakt</a>
      <a href="http://www.example.test/leistungen">Leistungen</a>
      <a href="/ueber-uns">Über uns</a>
      <a href="/horaires">Horaires</a>
      <a href="https://shop.example.test/contact">Contact</a>
    `,
      'https://example.test/',
    )
    expect(pickFollowLinks(page, 5)).toEqual([
      'https://example.test/kontakt/',
      'https://example.test/horaires',
      'http://www.example.test/leistungen',
      'https://example.test/ueber-uns',
    ])
  })

  it('resolves against <base href> and prefers a shallow page to a deep post', () => {
    const page = {
      url: 'https://example.test/en/index.html',
      html: `<html><head><base href="https://example.test/en/"></head><body>
        <a href="news/2023/05/our-new-services-for-spring">Our new services for spring</a>
        <a href="services.html">Services</a>
        <a href="contact.html?ref=nav">Contact</a>
      </body></html>`,
    }
    expect(pickFollowLinks(page, 5)).toEqual([
      'https://example.test/en/contact.html?ref=nav',
      'https://example.test/en/services.html',
    ])
  })
})
