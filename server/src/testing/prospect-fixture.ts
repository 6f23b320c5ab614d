import type { ProspectRow } from '../data/database.ts'

/** What a test names of a prospect; every field it leaves out is none (the general template speaks). */
export type ProspectFixture = Pick<ProspectRow, 'slug' | 'name' | 'company_name'> & Partial<ProspectRow>

/** A whole prospect row from the fields a test cares about. */
export const makeProspectRow = (fields: ProspectFixture): ProspectRow => ({
  template: null,
  city: null,
  services: null,
  opening_hours: null,
  website: null,
  booking_link: null,
  phone: null,
  description: null,
  logo: null,
  theme_color: null,
  first_message: null,
  system: null,
  assistant_id: null,
  ...fields,
})
