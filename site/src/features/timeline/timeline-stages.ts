/** How far a stage has got. Displayed as COMPLETE, IN PROGRESS and PENDING. */
export type StageStatus = 'completed' | 'in-progress' | 'pending'

/** Which picture a stage shows; the drawings live in stage-icon.tsx. */
export type StageIconName = 'search' | 'sliders' | 'plug' | 'flask' | 'rocket'

/** One stage of onboarding a new customer's voice agent. */
export interface TimelineStage {
  readonly id: number
  readonly title: string
  /** A week label, not a calendar date: the plan starts whenever the prospect signs. */
  readonly date: string
  readonly content: string
  readonly category: string
  readonly icon: StageIconName
  readonly relatedIds: readonly number[]
  readonly status: StageStatus
  /** 0–100. */
  readonly energy: number
}

const STATUS_LABELS: Record<StageStatus, string> = {
  completed: 'COMPLETE',
  'in-progress': 'IN PROGRESS',
  pending: 'PENDING',
}

export const getStatusLabel = (status: StageStatus): string => STATUS_LABELS[status]

/** The five stages of onboarding, in order. */
export const ONBOARDING_STAGES: readonly TimelineStage[] = [
  {
    id: 1,
    title: 'Discovery',
    date: 'Week 1',
    category: 'Planning',
    icon: 'search',
    relatedIds: [2],
    status: 'completed',
    energy: 100,
    content:
      'A 45-minute call about your phone line: call volume, busy hours and the questions callers ask most. ' +
      'We agree what the agent handles on its own, what it hands to your team, and how we will measure success.',
  },
  {
    id: 2,
    title: 'Customization',
    date: 'Week 2-3',
    category: 'Design',
    icon: 'sliders',
    relatedIds: [1, 3],
    status: 'completed',
    energy: 85,
    content:
      "We write the agent's greeting, voice and personality, script your FAQs, booking rules and escalation " +
      'paths, and tune its answers on real call recordings until it sounds like your front desk.',
  },
  {
    id: 3,
    title: 'Integration',
    date: 'Week 4',
    category: 'Development',
    icon: 'plug',
    relatedIds: [2, 4],
    status: 'in-progress',
    energy: 70,
    content:
      'We connect the agent to your phone number, calendar and team, so the bookings, messages and hand-overs ' +
      'you saw in the demo land in your own calendar and reach the right person.',
  },
  {
    id: 4,
    title: 'Testing',
    date: 'Week 5',
    category: 'Testing',
    icon: 'flask',
    relatedIds: [3, 5],
    status: 'pending',
    energy: 40,
    content:
      'Hundreds of simulated calls with accents, interruptions and unusual requests, then a week of your team ' +
      'calling it. Every answer that misses is fixed before a real customer hears it.',
  },
  {
    id: 5,
    title: 'Launch',
    date: 'Week 6',
    category: 'Release',
    icon: 'rocket',
    relatedIds: [4],
    status: 'pending',
    energy: 20,
    content:
      'Your agent goes live and answers every call, around the clock. We review its first calls with you, send ' +
      'a weekly report and keep refining its answers as your business changes.',
  },
]
