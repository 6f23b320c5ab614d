/**
 * A customer's testimonial. `image` is a same-origin avatar (site/public/avatars/). No testimonial
 * names a prospect of the seed data: the same business pitched on its own page and quoted as a happy
 * customer on the landing page would be caught out by anyone who sees both.
 */
export interface Testimonial {
  text: string
  image: string
  name: string
  role: string
}

export const testimonials: readonly Testimonial[] = [
  {
    text: 'Our front desk used to spend mornings chasing confirmations. The agent calls and texts every patient the day before, and we now see 95% fewer no-shows.',
    image: '/avatars/priya-shah.svg',
    name: 'Dr. Priya Shah',
    role: 'Owner, Northside Family Dental',
  },
  {
    text: 'It picks up during the dinner rush when nobody on the floor can. Since launch we take 40% more table bookings, most of them after 9 pm.',
    image: '/avatars/luca-romano.svg',
    name: 'Luca Romano',
    role: 'Owner, Trattoria Romano',
  },
  {
    text: 'Buyers call about listings at all hours. The agent qualifies them, books the viewing and sends me a summary before I have had my coffee.',
    image: '/avatars/owen-brooks.svg',
    name: 'Owen Brooks',
    role: 'Broker, Cedar Point Homes',
  },
  {
    text: 'We now see 70% of inbound questions handled without a person: class times, prices, parking. My coaches finally coach instead of answering the phone.',
    image: '/avatars/sofia-nguyen.svg',
    name: 'Sofia Nguyen',
    role: 'Founder, Pulse Fitness Studio',
  },
  {
    text: 'Callers cannot tell it is an AI until it tells them. It is warm, it is patient, and it never has a bad day.',
    image: '/avatars/grace-okafor.svg',
    name: 'Grace Okafor',
    role: 'Practice Manager, Lakeside Clinic',
  },
  {
    text: 'We went from missing half our after-hours calls to answering all of them. It answered 200 calls in a month that used to go straight to voicemail.',
    image: '/avatars/daniel-kim.svg',
    name: 'Daniel Kim',
    role: 'Head of Support, Brightline Software',
  },
  {
    text: 'Setup took an afternoon. They built the agent from our website and price list, and it was booking consultations the same week.',
    image: '/avatars/hannah-weber.svg',
    name: 'Hannah Weber',
    role: 'Owner, Weber Physiotherapy',
  },
  {
    text: 'Every lead gets a call back within a minute now. Our sales team starts the day with qualified meetings instead of a list of missed calls.',
    image: '/avatars/marcus-reed.svg',
    name: 'Marcus Reed',
    role: 'Sales Director, Summit Solar',
  },
  {
    text: 'The transfer to a real person is seamless when a caller needs one. Our patients get answers faster and our staff are less stretched.',
    image: '/avatars/elena-garcia.svg',
    name: 'Elena García',
    role: 'Director, Vista Family Medicine',
  },
]

/** Scroll durations of the three columns, in seconds. */
export const columnDurations = [15, 19, 17] as const

/** Three columns of three, in order. */
export const testimonialColumns: readonly (readonly Testimonial[])[] = [
  testimonials.slice(0, 3),
  testimonials.slice(3, 6),
  testimonials.slice(6, 9),
]
