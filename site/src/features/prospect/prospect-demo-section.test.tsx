import { describe, expect, it } from 'vitest'
import { getInvitation } from './prospect-demo-section.tsx'

describe('getInvitation', () => {
  it('invites to what the server runs, and only that', () => {
    expect(getInvitation({ browserCall: true, phoneCall: true })).toBe(
      'Talk to it right here in your browser, or have it call your phone.',
    )
    expect(getInvitation({ browserCall: true, phoneCall: false })).toBe(
      'Talk to it right here in your browser.',
    )
    expect(getInvitation({ browserCall: false, phoneCall: true })).toBe('Have it call your phone.')
  })

  it('promises no live agent when no call runs, and says who turns them on and where the keys are named', () => {
    const text = getInvitation({ browserCall: false, phoneCall: false })
    expect(text).not.toMatch(/talk to it|call your phone/i)
    expect(text).toBe('Its calls are not available right now. Please come back to this page a little later.')
  })
})
