import { expect, it } from 'vitest'
import { describeLongTask, type LongFrame } from './long-task-loads.ts'

const frame = (over: Partial<LongFrame>): LongFrame => ({
  startTime: 1000,
  duration: 120,
  styleAndLayoutStart: 0,
  scripts: [],
  ...over,
})

it("names a long task by the scripts of its frame and the frame's own style and layout", () => {
  const frames = [
    frame({ startTime: 400, duration: 60 }), // another frame
    frame({
      styleAndLayoutStart: 1080,
      scripts: [
        {
          startTime: 1001,
          invoker: 'TimerHandler:setTimeout',
          source: 'widget.mjs run',
          duration: 31.6,
          forced: 0.2,
        },
        { startTime: 1033, invoker: 'FrameRequestCallback', source: ' ', duration: 0.4, forced: 0 }, // under a ms
        {
          startTime: 1034,
          invoker: 'TimerHandler:setTimeout',
          source: 'app.js t',
          duration: 12,
          forced: 7.4,
        },
      ],
    }),
  ]
  expect(describeLongTask({ startTime: 1000.4, duration: 119.2 }, frames)).toBe(
    'TimerHandler:setTimeout widget.mjs run 32 ms; TimerHandler:setTimeout app.js t 12 ms ' +
      "(forced style and layout 7 ms); the frame's style and layout 40 ms",
  )
})

it("leaves out what ran in the frame's other tasks", () => {
  const frames = [
    frame({
      duration: 200,
      styleAndLayoutStart: 1190,
      scripts: [
        {
          startTime: 1002,
          invoker: 'TimerHandler:setTimeout',
          source: 'widget.mjs run',
          duration: 60,
          forced: 0,
        },
        {
          startTime: 1070,
          invoker: 'TimerHandler:setTimeout',
          source: 'widget.mjs run',
          duration: 20,
          forced: 0,
        },
      ],
    }),
  ]
  expect(describeLongTask({ startTime: 1001, duration: 62 }, frames)).toBe(
    'TimerHandler:setTimeout widget.mjs run 60 ms',
  )
})

it('says so when no long animation frame holds the task', () => {
  expect(describeLongTask({ startTime: 2000, duration: 70 }, [frame({})])).toMatch(/no long animation frame/)
  expect(describeLongTask({ startTime: 1000, duration: 70 }, [frame({})])).toBe(
    'nothing the Long Animation Frames API names',
  )
})
