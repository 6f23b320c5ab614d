import { describe, expect, it } from 'vitest'
import { describeOpeningHours, type OpeningHoursInput } from './index.ts'
import { describeWeek, readOpeningHoursLines } from './opening-hours.ts'

const spec = (dayOfWeek: unknown, opens: string, closes: string) => ({
  '@type': 'OpeningHoursSpecification',
  dayOfWeek,
  opens,
  closes,
})

describe('describeOpeningHours', () => {
  const cases: [OpeningHoursInput, string | null][] = [
    ['Mo-Fr 08:00-18:00', 'Monday to Friday 8 am to 6 pm'],
    [['Mo-Fr 08:00-18:00', 'Sa 09:00-13:00'], 'Monday to Friday 8 am to 6 pm; Saturday 9 am to 1 pm'],
    ['Mo,We,Fr 09:00-17:00', 'Monday, Wednesday and Friday 9 am to 5 pm'],
    ['Tu,Th 10:00-19:00', 'Tuesday and Thursday 10 am to 7 pm'],
    ['Mo-Su', 'Open 24 hours every day'],
    ['Mo-Su 00:00-24:00', 'Open 24 hours every day'],
    ['Sa 00:00-23:59', 'Saturday open 24 hours'],
    ['Mo-Fr 08:30-17:30', 'Monday to Friday 8:30 am to 5:30 pm'],
    ['Fr-Sa 18:00-02:00', 'Friday and Saturday 6 pm to 2 am'],
    ['Mo-Fr 12:00-00:00', 'Monday to Friday noon to midnight'],
    ['Mo-Fr 09:00-12:00,13:00-17:00', 'Monday to Friday 9 am to noon and 1 pm to 5 pm'],
    [
      'Mo-Fr 09:00-17:00; Sa-Su 10:00-14:00',
      'Monday to Friday 9 am to 5 pm; Saturday and Sunday 10 am to 2 pm',
    ],
    [['Mo-Fr 09:00-17:00', 'Su 09:00-17:00'], 'Monday to Friday and Sunday 9 am to 5 pm'],
    ['Fr-Mo 10:00-16:00', 'Monday and Friday to Sunday 10 am to 4 pm'],
    [['Su 10:00-14:00', 'Mo-Fr 09:00-17:00'], 'Monday to Friday 9 am to 5 pm; Sunday 10 am to 2 pm'],
    [
      [
        spec(['https://schema.org/Monday', 'https://schema.org/Tuesday'], '08:00', '17:00'),
        spec('http://schema.org/Wednesday', '08:00:00', '17:00:00'),
        spec(['Thursday', 'Friday'], '08:00', '17:00'),
        spec(['Saturday', 'Sunday'], '00:00', '00:00'),
      ],
      'Monday to Friday 8 am to 5 pm; closed on Saturday and Sunday',
    ],
    [spec('Saturday', '09:00', '13:00'), 'Saturday 9 am to 1 pm'],
    [
      [spec('Monday', '09:00', '12:00'), spec('Monday', '14:00', '18:30'), spec('Sunday', '00:00', '00:00')],
      'Monday 9 am to noon and 2 pm to 6:30 pm; closed on Sunday',
    ],
    [[spec({ '@id': 'schema:Friday' }, '17:00', '01:30')], 'Friday 5 pm to 1:30 am'],
    [
      [spec('PublicHolidays', '00:00', '00:00'), spec('Tuesday', '07:15', '15:45')],
      'Tuesday 7:15 am to 3:45 pm',
    ],
    [[spec('Sunday', '00:00', '00:00')], null],
    ['whenever we feel like it', null],
    ['', null],
  ]
  it.each(cases)('%j → %s', (input, words) => {
    expect(describeOpeningHours(input)).toBe(words)
  })

  it('keeps the words within the field (300 characters), dropping whole groups', () => {
    const many = Array.from({ length: 7 }, (_, day) =>
      spec(
        ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][day],
        `0${day}:15`,
        `1${day}:45`,
      ),
    )
    const split = Array.from({ length: 7 }, (_, day) => [
      ...many.slice(day, day + 1),
      spec(
        ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][day],
        '20:05',
        '23:55',
      ),
    ]).flat()
    const words = describeOpeningHours(split)
    expect(words).not.toBeNull()
    expect(words?.length).toBeLessThanOrEqual(300)
    expect(words).toMatch(/^Monday 12:15 am to 10:45 am and 8:05 pm to 11:55 pm; Tuesday/)
    expect(words).not.toMatch(/;\s*$/)
  })
})

describe('hours in a page text', () => {
  const lines = (...text: string[]) => {
    const week = readOpeningHoursLines(text)
    return week ? describeWeek(week) : null
  }
  it.each([
    [
      ['Mon–Fri: 8am – 6pm', 'Sat: 9am – 1pm', 'Sun: Closed'],
      'Monday to Friday 8 am to 6 pm; Saturday 9 am to 1 pm; closed on Sunday',
    ],
    [['Saturday 9:00-13:00', 'Sunday Closed'], 'Saturday 9 am to 1 pm; closed on Sunday'],
    [['Tuesday – Friday 9:30 AM – 7:00 PM'], 'Tuesday to Friday 9:30 am to 7 pm'],
    [['Open daily 11 a.m. to 10 p.m.'], 'Every day 11 am to 10 pm'],
    [['Mo–Fr 8–18 Uhr, Sa 9–13 Uhr'], 'Monday to Friday 8 am to 6 pm; Saturday 9 am to 1 pm'],
    [['Mon-Fri 9-5'], 'Monday to Friday 9 am to 5 pm'],
    [['Monday', '8:00 – 18:00', 'Tuesday', '8:00 – 12:00'], 'Monday 8 am to 6 pm; Tuesday 8 am to noon'],
    [
      ['Weekdays 7:30am-4pm', 'Weekends 10-2'],
      'Monday to Friday 7:30 am to 4 pm; Saturday and Sunday 10 am to 2 pm',
    ],
    [['Fri & Sat 6pm – 2am'], 'Friday and Saturday 6 pm to 2 am'],
    [['Open 24 hours, 7 days a week'], 'Open 24 hours every day'],
    [['We are open Monday to Friday from 8 am to 6 pm.'], 'Monday to Friday 8 am to 6 pm'],
  ])('%j → %s', (text, words) => {
    expect(lines(...text)).toBe(words)
  })

  it('ignores prose, dates and lines without hours', () => {
    expect(lines('Posted on Monday 12 March 2024 by the team')).toBeNull()
    expect(lines('Call us Monday to Friday for an appointment')).toBeNull()
    expect(
      lines(
        'On Saturday we had a wonderful time at the fair, from 9 to 5 the whole family came to our stand and more',
      ),
    ).toBeNull()
    expect(lines('We are closed on public holidays')).toBeNull()
  })

  it('takes the fullest timetable of a page instead of mixing two', () => {
    expect(
      lines(
        'Opening hours',
        'Monday – Friday 8am – 6pm',
        'Saturday 9am – 1pm',
        'Sunday closed',
        'Holiday hours',
        'Saturday 10am – 2pm',
      ),
    ).toBe('Monday to Friday 8 am to 6 pm; Saturday 9 am to 1 pm; closed on Sunday')
  })
})
