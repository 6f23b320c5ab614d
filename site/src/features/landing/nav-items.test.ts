import { describe, expect, it } from 'vitest'
import { getSectionId, HOME_ID, navItems, pickCurrentSection, spiedSectionIds } from './nav-items.ts'

describe('navItems', () => {
  it('has Home, Demo, Testimonials, Contact, each with an icon and two distinct gradient colours', () => {
    expect(navItems.map((item) => item.title)).toEqual(['Home', 'Demo', 'Testimonials', 'Contact'])
    for (const item of navItems) {
      expect(item.icon).toBeTruthy()
      expect(item.gradientFrom).toMatch(/^#[0-9a-f]{6}$/i)
      expect(item.gradientTo).toMatch(/^#[0-9a-f]{6}$/i)
      expect(item.gradientFrom).not.toBe(item.gradientTo)
    }
  })

  it('leads to the section whose id is the lowercased title without spaces', () => {
    expect(getSectionId('Testimonials')).toBe('testimonials')
    expect(getSectionId('Get In Touch')).toBe('getintouch')
    expect(HOME_ID).toBe('home')
    expect(spiedSectionIds).toEqual(['demo', 'testimonials', 'contact'])
  })
})

describe('pickCurrentSection', () => {
  const at = (demo: number, testimonials: number, contact: number) => [
    { id: 'demo', top: demo },
    { id: 'testimonials', top: testimonials },
    { id: 'contact', top: contact },
  ]

  it('marks Home while no section has reached the reading line', () => {
    expect(pickCurrentSection(at(900, 1800, 2700), 300)).toBe('home')
  })

  it('marks the last section whose top has passed the reading line', () => {
    expect(pickCurrentSection(at(300, 1200, 2100), 300)).toBe('demo')
    expect(pickCurrentSection(at(-1200, 100, 1000), 300)).toBe('testimonials')
    expect(pickCurrentSection(at(-3000, -2000, -400), 300)).toBe('contact')
  })
})
