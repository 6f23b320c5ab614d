import { expect, it } from 'vitest'
import { createProcessBackground } from './background-work.ts'

it('answers at once, and a server that stops waits for the work under way before closing', async () => {
  const background = createProcessBackground()
  let finish = () => {}
  const steps: string[] = []
  await background.run(async () => {
    await new Promise<void>((resolve) => {
      finish = resolve
    })
    steps.push('work ended')
  })
  steps.push('answered')
  const settled = background.settled().then(() => steps.push('closed'))
  await Promise.resolve()
  expect(steps).toEqual(['answered'])
  finish()
  await settled
  expect(steps).toEqual(['answered', 'work ended', 'closed'])
  // Nothing left under way: settled at once.
  await background.settled()
})
