import { describe, expect, it } from 'vitest'
import { ONBOARDING_STAGES } from './timeline-stages.ts'
import {
  getRelatedIds,
  initialTimelineState,
  isRotationHeld,
  reduceTimeline,
  type TimelineAction,
  type TimelineState,
} from './timeline-state.ts'

const run = (actions: TimelineAction[], from: TimelineState = initialTimelineState) =>
  actions.reduce(reduceTimeline, from)
const ticks = (count: number): TimelineAction[] => Array.from({ length: count }, () => ({ type: 'tick' }))

describe('reduceTimeline', () => {
  it('turns 0.3° per tick, exactly, and wraps at 360°', () => {
    expect(run(ticks(1)).angle).toBe(0.3)
    expect(run(ticks(20)).angle).toBe(6) // one second at 50 ms per tick
    expect(run(ticks(1200)).angle).toBe(0) // a full turn, no floating-point drift
    expect(run(ticks(1), { angle: 359.9, selectedId: null }).angle).toBe(0.2)
  })

  it('selecting a stage selects only that one and stops the rotation', () => {
    const selected = run([{ type: 'tick' }, { type: 'select', id: 3 }])
    expect(selected).toEqual({ angle: 0.3, selectedId: 3 })
    expect(isRotationHeld(selected)).toBe(true)
    expect(run(ticks(10), selected).angle).toBe(0.3)

    expect(run([{ type: 'select', id: 5 }], selected).selectedId).toBe(5) // deselects 3
  })

  it('selecting the selected stage again releases it and resumes the rotation', () => {
    const released = run([{ type: 'select', id: 2 }, { type: 'select', id: 2 }, { type: 'tick' }])
    expect(released).toEqual({ angle: 0.3, selectedId: null })
    expect(isRotationHeld(released)).toBe(false)
  })

  it('a background click or Escape releases the selection', () => {
    const released = run([{ type: 'select', id: 4 }, { type: 'release' }])
    expect(released.selectedId).toBeNull()
    expect(run(ticks(2), released).angle).toBe(0.6)
    expect(reduceTimeline(initialTimelineState, { type: 'release' })).toBe(initialTimelineState)
  })
})

describe('getRelatedIds', () => {
  it('highlights the stages the selected one links to, and none without a selection', () => {
    expect([...getRelatedIds(ONBOARDING_STAGES, 3)]).toEqual([2, 4])
    expect([...getRelatedIds(ONBOARDING_STAGES, 1)]).toEqual([2])
    expect(getRelatedIds(ONBOARDING_STAGES, null).size).toBe(0)
    expect(getRelatedIds(ONBOARDING_STAGES, 99).size).toBe(0)
  })
})

describe('ONBOARDING_STAGES', () => {
  it('has five stages whose links point at existing stages, both ways', () => {
    expect(ONBOARDING_STAGES.map((stage) => stage.title)).toEqual([
      'Discovery',
      'Customization',
      'Integration',
      'Testing',
      'Launch',
    ])
    const byId = new Map(ONBOARDING_STAGES.map((stage) => [stage.id, stage]))
    for (const stage of ONBOARDING_STAGES) {
      for (const id of stage.relatedIds) expect(byId.get(id)?.relatedIds).toContain(stage.id)
    }
  })
})
