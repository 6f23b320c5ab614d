/**
 * What the demo agent can do for a prospect's business during a call, and what the page shows of it.
 *
 * The agent's tools are the voice platform's function tools, named in every call's settings
 * (core/agent-settings.ts). They carry no server address of their own, so the platform sends their
 * calls to the assistant's Server URL (`POST /api/webhooks/vapi`, `tool-calls` messages) with the
 * same secret as its end-of-call reports: no secret ever sits in a browser's call settings. The
 * server answers each with words the agent speaks, and keeps what it did as a {@link DemoAction},
 * which the prospect's page reads as it happens ({@link DEMO_ACTIONS_PATH}) and the rep's Timeline
 * lists afterwards. Types and tool definitions only: the widget's call chunk imports it.
 */

/** The demo's tools, as the agent calls them. */
export const DEMO_TOOL_NAMES = [
  'check_availability',
  'book_appointment',
  'move_appointment',
  'cancel_appointment',
  'take_message',
  'hand_over',
] as const
export type DemoToolName = (typeof DEMO_TOOL_NAMES)[number]

/** One of the voice platform's function tools, as `model.tools` takes it. */
export interface FunctionTool {
  type: 'function'
  /** Never waits for the platform's own hold message: answers come back in milliseconds. */
  async: false
  function: {
    name: DemoToolName
    description: string
    parameters: {
      type: 'object'
      properties: Record<string, { type: 'string' | 'boolean'; description: string }>
      required: string[]
    }
  }
}

const text = (description: string) => ({ type: 'string' as const, description })

const START = 'Date and time as YYYY-MM-DDTHH:MM in the business’s local time, for example 2026-12-01T09:30.'

/** The tools every demo call is given, whatever its agent. */
export const DEMO_TOOLS: readonly FunctionTool[] = [
  {
    type: 'function',
    async: false,
    function: {
      name: 'check_availability',
      description:
        'Looks up free appointment times in the business’s calendar. Call it before offering a time. It answers with today’s date and the free times on the day asked for, or the next days with free times.',
      parameters: {
        type: 'object',
        properties: {
          date: text('The day the caller asks about, as YYYY-MM-DD. Leave empty for the next free times.'),
        },
        required: [],
      },
    },
  },
  {
    type: 'function',
    async: false,
    function: {
      name: 'book_appointment',
      description:
        'Books an appointment at a free time. Read the details back to the caller before calling it. It answers with a booking reference to give the caller.',
      parameters: {
        type: 'object',
        properties: {
          start: text(START),
          name: text('The caller’s full name.'),
          phone: text('The caller’s phone number, if they gave one.'),
          reason: text('What the appointment is for, in a few words.'),
        },
        required: ['start', 'name'],
      },
    },
  },
  {
    type: 'function',
    async: false,
    function: {
      name: 'move_appointment',
      description: 'Moves an appointment booked earlier in this call to another free time.',
      parameters: {
        type: 'object',
        properties: {
          reference: text('The booking reference, or the name it was booked under.'),
          start: text(START),
        },
        required: ['reference', 'start'],
      },
    },
  },
  {
    type: 'function',
    async: false,
    function: {
      name: 'cancel_appointment',
      description: 'Cancels an appointment booked earlier in this call.',
      parameters: {
        type: 'object',
        properties: { reference: text('The booking reference, or the name it was booked under.') },
        required: ['reference'],
      },
    },
  },
  {
    type: 'function',
    async: false,
    function: {
      name: 'take_message',
      description:
        'Sends the team a message from the caller, at once, as a text message. Use it for anything the team must handle or call back about.',
      parameters: {
        type: 'object',
        properties: {
          name: text('The caller’s name.'),
          phone: text('The number to call back, if they gave one.'),
          message: text('What the message is about, in one or two sentences.'),
          urgent: { type: 'boolean', description: 'True when the team must call back right away.' },
        },
        required: ['name', 'message'],
      },
    },
  },
  {
    type: 'function',
    async: false,
    function: {
      name: 'hand_over',
      description:
        'Hands the call over to a person on the team, when the caller asks for one or needs what only a person can do.',
      parameters: {
        type: 'object',
        properties: { reason: text('Why the caller needs a person, in a few words.') },
        required: ['reason'],
      },
    },
  },
]

/** An appointment in the demo calendar. */
export interface DemoAppointment {
  /** What the caller is told to quote, e.g. `B-4821`. */
  reference: string
  /** Local wall-clock time of the business, `YYYY-MM-DDTHH:MM`. */
  start: string
  minutes: number
  name: string
  reason: string | null
}

/** One thing the agent did, as the page and the Timeline show it. */
export type DemoAction =
  | { kind: 'booked'; id: string; at: string; appointment: DemoAppointment }
  | { kind: 'moved'; id: string; at: string; appointment: DemoAppointment; from: string }
  | { kind: 'cancelled'; id: string; at: string; appointment: DemoAppointment }
  | {
      kind: 'message'
      id: string
      at: string
      /** The text the team would receive, as it would reach them (an SMS to the business's phone). */
      message: { name: string; phone: string | null; text: string; urgent: boolean }
    }
  | {
      kind: 'handed_over'
      id: string
      at: string
      /** Who the call would go to in the live product ("the front desk") and why. */
      handOver: { to: string; reason: string }
    }

export type DemoActionKind = DemoAction['kind']

/**
 * `GET {DEMO_ACTIONS_PATH}?call=<platform call id>&slug=<slug>&visit=<visit id>`: a server-sent
 * event stream of what the agent did in that call, for that prospect and visit (an action of another
 * prospect's or visit's call is never sent). Every action is one `action` event whose data is a
 * {@link DemoAction} as JSON and whose id is its id, the ones so far first; a reconnect with
 * `Last-Event-ID` resumes after it. The stream closes a while after the call's last action; the
 * browser's EventSource reconnects while the call lasts.
 */
export const DEMO_ACTIONS_PATH = '/api/demo-actions'

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']
export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/** `2026-11-30T09:00` as a person says it: "Monday, November 30 at 9:00 am"; as written when it is not one. */
export function describeDemoTime(start: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(start)
  if (!match) return start
  const [, year, month, day, hour, minute] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const weekday = WEEKDAYS[new Date(Date.UTC(year, month - 1, day)).getUTCDay()]
  const clock = `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`
  return `${weekday}, ${MONTHS[month - 1]} ${day} at ${clock}`
}

/** One line for a person reading what the agent did: the rep's Timeline and the page's list alike. */
export function describeDemoAction(action: DemoAction): string {
  switch (action.kind) {
    case 'booked':
      return `Booked a demo appointment during the call: ${describeDemoTime(action.appointment.start)}, for ${action.appointment.name}`
    case 'moved':
      return `Moved a demo appointment during the call: ${describeDemoTime(action.from)} to ${describeDemoTime(action.appointment.start)}, for ${action.appointment.name}`
    case 'cancelled':
      return `Cancelled a demo appointment during the call: ${describeDemoTime(action.appointment.start)}, for ${action.appointment.name}`
    case 'message':
      return `Took a message for the team during the call${action.message.urgent ? ' (urgent)' : ''}, from ${action.message.name}`
    case 'handed_over':
      return `Handed the call over to ${action.handOver.to}: ${action.handOver.reason}`
  }
}
