import { fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Prospect, ProspectBooking } from '#core/prospect.ts'
import { CALENDLY_SCRIPT_URL } from '../../lib/scheduling/calendly-loader.ts'
import { ProspectBookingSection } from './prospect-booking.tsx'

const prospect = { slug: 'bright-smile-dental', companyName: 'Bright Smile Dental' } as Prospect
const PHOTO = 'a'.repeat(64)
const calendlyScripts = () => document.head.querySelectorAll(`script[src="${CALENDLY_SCRIPT_URL}"]`)

afterEach(() => document.head.replaceChildren())

describe('ProspectBookingSection', () => {
  it("shows the rep's name and photo, and loads the scheduler only when the visitor asks for it", () => {
    const booking: ProspectBooking = {
      url: 'https://calendly.com/sam-rivera/30min',
      rep: { name: 'Sam Rivera', firstName: 'Sam', photo: PHOTO },
      label: 'Book a call with Sam',
    }
    render(<ProspectBookingSection prospect={prospect} booking={booking} />)
    expect(screen.getByRole('heading', { name: 'Talk to Sam Rivera' })).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Sam Rivera' }).getAttribute('src')).toBe(`/api/logos/${PHOTO}`)
    expect(calendlyScripts()).toHaveLength(0)
    const button = screen.getByRole('button', { name: 'Book a call with Sam' })
    expect(button.getAttribute('aria-expanded')).toBe('false')
    const panelId = button.getAttribute('aria-controls') ?? ''
    fireEvent.click(button)
    expect(calendlyScripts()).toHaveLength(1)
    // The button gives way to the calendar, and keyboard focus goes there with it.
    expect(document.activeElement?.id).toBe(panelId)
    expect(screen.getByText('Loading the booking calendar…')).toBeTruthy()
  })

  it("offers the team's scheduler without a name when the rep gave no link", () => {
    render(
      <ProspectBookingSection
        prospect={prospect}
        booking={{ url: 'https://calendly.com/team/15min', rep: null, label: 'Book a call' }}
      />,
    )
    expect(screen.getByRole('heading', { name: 'Talk to our team' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Book a call' })).toBeTruthy()
    expect(screen.queryByRole('img')).toBeNull()
  })
})
