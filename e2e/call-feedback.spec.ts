import { sendTranscript, serveFakeDaily, speakFromAssistant } from './fakes/fake-daily.ts'
import { expect, test } from './fixtures.ts'
import { readHostEvents, recordHostEvents } from './record-host-events.ts'

/**
 * What the visitor sees during a browser call, against the fake voice platform: who is speaking (the
 * audio worker's speech detector), the elapsed time, and live captions from the platform's transcript
 * messages, partial then final, which the visitor can hide.
 */

test('during a call: who speaks, the elapsed time, and captions partial then final, which can be hidden', async ({
  page,
  pageErrors,
}) => {
  await serveFakeDaily(page)
  await recordHostEvents(page)
  await page.goto('/embed-demo/')
  const demo = page.locator('voice-demo')
  await demo.getByRole('button', { name: 'Test in Browser' }).click()
  await expect(demo.getByRole('button', { name: 'Stop Call' })).toBeEnabled()

  // The first message: the detector hears the agent, then a second of silence ends its speech.
  await expect(demo.getByText('Agent speaking')).toBeVisible()
  await expect(demo.getByText('Listening')).toBeVisible()
  await speakFromAssistant(page, 3000)
  await expect(demo.getByText('Agent speaking')).toBeVisible()
  await expect
    .poll(async () => (await readHostEvents(page)).filter((e) => e === 'speech-start').length)
    .toBe(2)

  const timer = demo.getByRole('timer', { name: 'Call time' })
  await expect(timer).toHaveText(/^0:0\d$/)
  const first = await timer.textContent()
  await expect(timer).not.toHaveText(first ?? '') // it counts

  const captions = demo.getByRole('log', { name: 'Captions' })
  await sendTranscript(page, { role: 'assistant', transcriptType: 'partial', transcript: 'Thanks for' })
  await expect(captions).toContainText('Agent: Thanks for')
  await sendTranscript(page, {
    role: 'assistant',
    transcriptType: 'final',
    transcript: 'Thanks for calling Bright Smile Dental!',
  })
  await sendTranscript(page, { role: 'user', transcriptType: 'partial', transcript: 'I need a' })
  await expect(captions).toContainText('Agent: Thanks for calling Bright Smile Dental!')
  await expect(captions).toContainText('You: I need a')
  // Partial words are hidden from screen readers: a line is read once, when it is final.
  await expect(captions.getByText('I need a')).toHaveAttribute('aria-hidden', 'true')
  await sendTranscript(page, { role: 'user', transcriptType: 'final', transcript: 'I need a cleaning.' })
  await expect(captions).toContainText('You: I need a cleaning.')
  await expect(captions.getByText('I need a cleaning.')).not.toHaveAttribute('aria-hidden', 'true')

  const toggle = demo.getByRole('button', { name: 'Captions' })
  await expect(toggle).toHaveAttribute('aria-pressed', 'true')
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-pressed', 'false')
  await expect(captions).toHaveCount(0)
  await toggle.click()
  await expect(demo.getByRole('log', { name: 'Captions' })).toContainText('You: I need a cleaning.')

  // Stop Call shows a stop icon and Mute a struck-through microphone (pictures: the visual suite).
  await demo.getByRole('button', { name: 'Stop Call' }).click()
  await expect(demo.getByRole('button', { name: 'Test in Browser' })).toBeEnabled()
  await expect(demo.getByRole('log', { name: 'Captions' })).toHaveCount(0)
  await expect(timer).toHaveCount(0)
  expect(pageErrors).toEqual([])
})
