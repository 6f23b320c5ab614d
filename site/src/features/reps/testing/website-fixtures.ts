import type { WebsiteReading, WebsiteReadProgress, WebsiteReadRow } from '#core/website-reading.ts'

/** A stored logo's id, as the server names one (a hash of the image). */
export const LOGO = '5d41402abc4b2a76b9719d911017c5925d41402abc4b2a76b9719d911017c592'

const HOME = 'https://bright-smile.example/'
const CONTACT = 'https://bright-smile.example/contact'
const HOURS = 'https://bright-smile.example/hours'

export const HOURS_TEXT = 'Monday to Thursday, 8 am to 5 pm; Friday, 8 am to 2 pm'

/** What reading Bright Smile's site proposes: every detail, each with its page and kind of source. */
export const BRIGHT_SMILE_READING: WebsiteReading = {
  website: HOME,
  pages: [HOME, CONTACT, HOURS],
  facts: [
    { field: 'company_name', value: 'Bright Smile Dental', source: { url: HOME, kind: 'structured_data' } },
    { field: 'template', value: 'dental', source: { url: HOME, kind: 'structured_data' } },
    { field: 'city', value: 'Springfield', source: { url: CONTACT, kind: 'structured_data' } },
    { field: 'opening_hours', value: HOURS_TEXT, source: { url: HOURS, kind: 'page_text' } },
    { field: 'phone', value: '(217) 555-0134', source: { url: CONTACT, kind: 'page_text' } },
    {
      field: 'booking_link',
      value: 'https://calendly.com/bright-smile-dental/new-patient-visit',
      source: { url: CONTACT, kind: 'page_text' },
    },
    {
      field: 'description',
      value: 'A friendly family practice in the heart of Springfield since 2009.',
      source: { url: HOME, kind: 'ai_summary' },
    },
    { field: 'logo', value: LOGO, source: { url: HOME, kind: 'structured_data' } },
    { field: 'theme_color', value: '#0e7490', source: { url: HOME, kind: 'meta_tags' } },
  ],
  ai: 'off',
}

/** A row of an import's website reading that failed, as `GET imports/:id/websites` lists it. */
export const failedRow = (changes: Partial<WebsiteReadRow> = {}): WebsiteReadRow => ({
  slug: 'broken-co',
  companyName: 'Broken Site Co',
  website: 'https://broken.example/',
  status: 'failed',
  error: 'The site did not answer in 8 seconds',
  filled: [],
  updatedAt: '2027-01-04T09:30:00.000Z',
  ...changes,
})

export const progressOf = (changes: Partial<WebsiteReadProgress> = {}): WebsiteReadProgress => ({
  total: 500,
  read: 412,
  failed: 23,
  pending: 65,
  failures: [failedRow()],
  ...changes,
})
