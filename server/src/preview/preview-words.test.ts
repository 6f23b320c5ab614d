import { describe, expect, it } from 'vitest'
import type { ProspectResponse } from '#core/prospect.ts'
import { forPicture, previewEtag, previewWords } from './preview-words.ts'

const answer = (
  name: string,
  companyName: string,
  extra: Partial<ProspectResponse> = {},
): ProspectResponse => ({
  prospect: {
    slug: 'ruiz-plumbing',
    name,
    companyName,
    firstMessage: 'Hi',
    system: 'S',
    variables: { name, company_name: companyName },
    assistantId: null,
    brand: { logo: 'a'.repeat(64), color: '#0ea5e9' },
  },
  fallback: false,
  features: { browserCall: true, phoneCall: true, videoCall: false },
  unavailableReason: '',
  ...extra,
})

describe('the picture’s words', () => {
  it('are the page’s own: its title split before the company, and its greeting', () => {
    expect(previewWords(answer('Ana Ruiz', 'Ruiz Plumbing'), 'CallPilot')).toEqual({
      productName: 'CallPilot',
      lead: 'A voice agent built for',
      company: 'Ruiz Plumbing',
      greeting: 'Tailored just for you, Ana Ruiz',
      logo: 'a'.repeat(64),
      color: '#0ea5e9',
    })
  })

  it('leave emoji out (no emoji face to draw them), and greet no one without a name', () => {
    const words = previewWords(answer('  🙂 ', '🦷 Bright Smile 👨‍👩‍👧 Dental 🇺🇸'), 'CallPilot')
    expect(words?.company).toBe('Bright Smile Dental')
    expect(words?.greeting).toBeNull()
    expect(forPicture('Zoë’s Café\u0007 מרפאה')).toBe('Zoë’s Café מרפאה')
  })

  it('are none for the general demo or an unknown link, which keep the generic picture', () => {
    expect(previewWords(answer('Ana', 'Ruiz', { fallback: true }), 'CallPilot')).toBeNull()
    const general = answer('Ana', 'Ruiz')
    expect(
      previewWords({ ...general, prospect: { ...general.prospect, slug: 'visitor' } }, 'CallPilot'),
    ).toBeNull()
  })

  it('give one ETag for the same words, and another when anything drawn changes', () => {
    const words = previewWords(answer('Ana Ruiz', 'Ruiz Plumbing'), 'CallPilot')
    if (!words) throw new Error('no words')
    const etag = previewEtag(words)
    expect(previewEtag({ ...words })).toBe(etag)
    for (const changed of [
      { company: 'Ruiz Plumbing Co' },
      { greeting: null },
      { logo: 'b'.repeat(64) },
      { color: '#111111' },
      { productName: 'Other' },
    ]) {
      expect(previewEtag({ ...words, ...changed })).not.toBe(etag)
    }
  })
})
