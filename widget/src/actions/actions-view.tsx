import { useLayoutEffect, useRef } from 'preact/hooks'
import {
  type DemoAction,
  type DemoAppointment,
  describeDemoAction,
  describeDemoTime,
  MONTHS,
} from '#core/demo-actions.ts'
import { createSheetAdopter } from '../styles/adopt-sheet.ts'
import css from './actions-view.css?inline'

const adoptActionsSheet = createSheetAdopter(css)

export interface ActionsViewProps {
  list: readonly DemoAction[]
  /** The business the agent acted for. */
  companyName: string
}

const TITLES: Record<DemoAction['kind'], string> = {
  booked: 'Appointment booked',
  moved: 'Appointment moved',
  cancelled: 'Appointment cancelled',
  message: 'Message for the team',
  handed_over: 'Call handed over',
}

/**
 * What the demo agent did for the business during the visit's calls, as it happens, in a card under the
 * panel (inside a `.demo-actions` box, which scopes the view's stylesheet): each booking as a
 * calendar card, each message as the text the team would receive, each hand-over with who it would go
 * to. A polite log: a screen reader reads each new one once, in the words the rep's timeline uses. Part
 * of the lazy actions chunk, never of the first paint.
 */
export function ActionsView({ list, companyName }: ActionsViewProps) {
  const root = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    if (root.current) adoptActionsSheet(root.current.getRootNode() as ShadowRoot | Document)
  }, [])
  return (
    <div
      ref={root}
      class="demo-actions mt-3 rounded-2xl bg-surface p-6 text-ink shadow-lg ring-1 ring-ink/10"
    >
      <p class="text-xs font-semibold tracking-wide text-ink-soft uppercase">
        What the agent did for {companyName}
      </p>
      <div role="log" aria-label={`What the agent did for ${companyName}`}>
        <ol class="mt-2 flex flex-col gap-2">
          {list.map((action) => (
            <li key={action.id} class="flex gap-3 rounded-xl bg-sunken p-3 text-sm">
              <span class="sr-only">{describeDemoAction(action)}</span>
              <div aria-hidden="true" class="contents">
                <ActionCard action={action} companyName={companyName} />
              </div>
            </li>
          ))}
        </ol>
      </div>
    </div>
  )
}

function ActionCard({ action, companyName }: { action: DemoAction; companyName: string }) {
  switch (action.kind) {
    case 'booked':
    case 'moved':
    case 'cancelled':
      return (
        <>
          <DateBlock appointment={action.appointment} cancelled={action.kind === 'cancelled'} />
          <div class="min-w-0">
            <p class="font-semibold">{TITLES[action.kind]}</p>
            <p class={action.kind === 'cancelled' ? 'text-ink-soft line-through' : ''}>
              {describeDemoTime(action.appointment.start)} · {action.appointment.minutes} min
            </p>
            {action.kind === 'moved' && <p class="text-ink-soft">Was {describeDemoTime(action.from)}</p>}
            <p class="break-words text-ink-soft">
              {action.appointment.name}
              {action.appointment.reason && ` · ${action.appointment.reason}`} ·{' '}
              <span class="whitespace-nowrap">Ref. {action.appointment.reference}</span>
            </p>
          </div>
        </>
      )
    case 'message':
      return (
        <div class="min-w-0 flex-1">
          <p class="font-semibold">
            {TITLES.message}
            {action.message.urgent && (
              <span class="ml-2 rounded-full bg-danger-soft px-2 py-0.5 text-xs font-semibold text-danger-ink">
                Urgent
              </span>
            )}
          </p>
          <p class="text-xs text-ink-soft">Text message to {companyName}</p>
          <p class="mt-1 rounded-2xl rounded-bl-sm bg-accent px-3 py-2 break-words text-surface">
            {action.message.name}
            {action.message.phone && ` (${action.message.phone})`}: {action.message.text}
          </p>
        </div>
      )
    case 'handed_over':
      return (
        <div class="min-w-0">
          <p class="font-semibold">{TITLES.handed_over}</p>
          <p class="break-words">
            Would put the caller through to {action.handOver.to}: {action.handOver.reason}
          </p>
          <p class="text-xs text-ink-soft">In this demo nobody is called.</p>
        </div>
      )
  }
}

function DateBlock({ appointment, cancelled }: { appointment: DemoAppointment; cancelled: boolean }) {
  const [, month, day] = appointment.start.slice(0, 10).split('-').map(Number) as [number, number, number]
  return (
    <span
      class={`flex size-12 shrink-0 flex-col items-center justify-center rounded-lg bg-surface ring-1 ring-edge ${cancelled ? 'opacity-60' : ''}`}
    >
      <span class="text-[10px] font-semibold text-danger uppercase">{MONTHS[month - 1]?.slice(0, 3)}</span>
      <span class="text-lg leading-none font-bold">{day}</span>
    </span>
  )
}
