import {
  type DemoAction,
  type DemoAppointment,
  type DemoToolName,
  describeDemoTime,
} from '#core/demo-actions.ts'
import { checkSlot, type DemoCalendar, nextFreeDays, type SlotProblem } from './demo-calendar.ts'

/**
 * One tool call, answered: the words the agent speaks, and what it did (an action the page shows and
 * the calendar change that goes with it). Pure: the calendar, the clock and the ids come in. Every
 * refusal is words the agent can say to the caller, never an error: a voice agent cannot read a
 * status code.
 */
export interface ToolOutcome {
  result: string
  action?: {
    kind: DemoAction['kind']
    /** The action as the page shows it, without `id` and `at` (the database gives them). */
    detail: Record<string, unknown>
    change?: { op: 'book' | 'move' | 'cancel'; appointment: DemoAppointment }
  }
}

export interface ToolContext {
  calendar: DemoCalendar
  companyName: string
  /** The agent template, for who a hand-over goes to. */
  template: string | null
  /** Unique per tool call: the booking reference is made from it. */
  toolCallId: string
}

/** Who a caller would be put through to, by kind of business. */
const HAND_OVER_TO: Record<string, string> = {
  dental: 'the front desk',
  medical: 'the front desk',
  'salon-studio': 'the front desk',
  'home-services': 'the on-call dispatcher',
  'law-firm': 'the intake team',
  'real-estate': 'the duty agent',
  restaurant: 'the manager on duty',
}

const MAX_TEXT = 500
const MAX_NAME = 120

/** A string argument, trimmed and cut to a length a card can show; null when absent or blank. */
function textArg(args: Record<string, unknown>, key: string, max = MAX_TEXT): string | null {
  const value = args[key]
  if (typeof value !== 'string' && typeof value !== 'number') return null
  const text = String(value)
    // biome-ignore lint/suspicious/noControlCharactersInRegex: a model's text has no business with them
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
  return text === '' ? null : text.slice(0, max)
}

function reference(context: ToolContext): string {
  let value = 0
  for (const char of context.toolCallId) value = (value * 31 + char.charCodeAt(0)) % 9000
  const taken = new Set(context.calendar.appointments.map((a) => a.reference))
  for (let n = 0; ; n++) {
    const candidate = `B-${1000 + ((value + n) % 9000)}`
    if (!taken.has(candidate)) return candidate
  }
}

const spokenList = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`

const timeOf = (start: string) => describeDemoTime(start).replace(/^.* at /, '')

/** The free times of a few days, in words, with each start as the tool wants it. */
function describeFreeTimes(calendar: DemoCalendar, from?: string): string {
  const days = nextFreeDays(calendar, 2, from)
  if (days.length === 0) return 'There are no free times in the next two weeks.'
  return days
    .map(
      ({ date, slots }) =>
        `${describeDemoTime(`${date}T00:00`).replace(/ at .*$/, '')}: ${spokenList(
          slots.slice(0, 6).map((start) => `${timeOf(start)} (${start})`),
        )}`,
    )
    .join('. ')
}

const today = (calendar: DemoCalendar) =>
  `Today is ${describeDemoTime(`${calendar.now.date}T00:00`).replace(/ at .*$/, '')}.`

const PROBLEMS: Record<SlotProblem, string> = {
  malformed: 'I need the day and time as a date and a clock time.',
  past: 'That time has already passed.',
  too_far: 'The calendar only goes two weeks ahead.',
  closed: 'The business is not open then.',
  off_grid: 'Appointments start on the calendar’s fixed times.',
  taken: 'That time is already booked.',
}

function refuseSlot(calendar: DemoCalendar, problem: SlotProblem, start: string | null): string {
  const from = start && /^\d{4}-\d{2}-\d{2}/.test(start) ? start.slice(0, 10) : undefined
  const nearest = describeFreeTimes(calendar, from && from >= calendar.now.date ? from : undefined)
  return `${PROBLEMS[problem]} ${today(calendar)} The nearest free times are: ${nearest}`
}

/** Finds an appointment of this visit by its reference, else by the name it was booked under. */
function findAppointment(calendar: DemoCalendar, key: string | null): DemoAppointment | null {
  if (!key) return null
  const wanted = key.toLowerCase().replace(/\s+/g, ' ')
  const byReference = calendar.appointments.find(
    (a) => a.reference.toLowerCase() === wanted.replace(/^b ?(\d)/, 'b-$1'),
  )
  return byReference ?? calendar.appointments.find((a) => a.name.toLowerCase() === wanted) ?? null
}

export function runDemoTool(
  name: DemoToolName,
  args: Record<string, unknown>,
  context: ToolContext,
): ToolOutcome {
  const { calendar } = context
  switch (name) {
    case 'check_availability': {
      const date = textArg(args, 'date')
      if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date)) {
        return {
          result: `${today(calendar)} Which day would suit? The next free times are: ${describeFreeTimes(calendar)}`,
        }
      }
      const from = date && date >= calendar.now.date ? date : undefined
      return { result: `${today(calendar)} Free times: ${describeFreeTimes(calendar, from)}` }
    }
    case 'book_appointment': {
      const start = textArg(args, 'start')
      const name = textArg(args, 'name', MAX_NAME)
      if (!name) return { result: 'I need the caller’s name to book.' }
      const problem = start ? checkSlot(calendar, start) : 'malformed'
      if (problem) return { result: refuseSlot(calendar, problem, start) }
      const appointment: DemoAppointment = {
        reference: reference(context),
        start: start as string,
        minutes: calendar.minutes,
        name,
        reason: textArg(args, 'reason'),
      }
      return {
        result: `Booked for ${name} on ${describeDemoTime(appointment.start)}. The booking reference is ${appointment.reference}.`,
        action: { kind: 'booked', detail: { appointment }, change: { op: 'book', appointment } },
      }
    }
    case 'move_appointment': {
      const found = findAppointment(calendar, textArg(args, 'reference', MAX_NAME))
      if (!found)
        return {
          result:
            'I cannot find that booking among those made on this call. Could you give me the booking reference?',
        }
      const start = textArg(args, 'start')
      const problem = start ? checkSlot(calendar, start, found.reference) : 'malformed'
      if (problem) return { result: refuseSlot(calendar, problem, start) }
      const appointment = { ...found, start: start as string }
      return {
        result: `Moved ${found.reference} to ${describeDemoTime(appointment.start)}.`,
        action: {
          kind: 'moved',
          detail: { appointment, from: found.start },
          change: { op: 'move', appointment },
        },
      }
    }
    case 'cancel_appointment': {
      const found = findAppointment(calendar, textArg(args, 'reference', MAX_NAME))
      if (!found)
        return {
          result:
            'I cannot find that booking among those made on this call. Could you give me the booking reference?',
        }
      return {
        result: `Cancelled ${found.reference}, ${describeDemoTime(found.start)}.`,
        action: {
          kind: 'cancelled',
          detail: { appointment: found },
          change: { op: 'cancel', appointment: found },
        },
      }
    }
    case 'take_message': {
      const name = textArg(args, 'name', MAX_NAME)
      const text = textArg(args, 'message')
      if (!name || !text) return { result: 'I need the caller’s name and what the message is about.' }
      const urgent = args.urgent === true || args.urgent === 'true'
      return {
        result: `The team at ${context.companyName} has the message now${urgent ? ', marked urgent' : ''}.`,
        action: {
          kind: 'message',
          detail: { message: { name, phone: textArg(args, 'phone', 40), text, urgent } },
        },
      }
    }
    case 'hand_over': {
      const reason = textArg(args, 'reason') ?? 'The caller asked for a person.'
      const to = (context.template !== null && HAND_OVER_TO[context.template]) || 'a member of the team'
      return {
        result: `This is a demo, so no one is put through. In the live product I would transfer the caller to ${to} at ${context.companyName} now, telling them: ${reason}`,
        action: { kind: 'handed_over', detail: { handOver: { to, reason } } },
      }
    }
  }
}
