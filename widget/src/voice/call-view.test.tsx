import { render } from 'preact'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getByRole, queryAllByRole, waitFor } from '../testing/queries.ts'
import { CallView } from './call-view.tsx'
import { addTranscript, createLiveCallStore, type LiveCallStore, startLiveCall } from './live-call.ts'

let host: HTMLElement
let root: ShadowRoot
let live: LiveCallStore
const detach = vi.fn()
const attachMeter = vi.fn((_canvas: HTMLCanvasElement) => detach)

beforeEach(() => {
  host = document.createElement('div')
  document.body.append(host)
  root = host.attachShadow({ mode: 'open' })
  live = createLiveCallStore()
})
afterEach(() => {
  render(null, root)
  host.remove()
  vi.useRealTimers()
  vi.clearAllMocks()
})

/** The captions: a polite live region (a log) named Captions; null while hidden. */
const captions = () => queryAllByRole(root, 'log', 'Captions')[0] ?? null
/** The caption lines as a screen reader reads them: without the parts hidden from it. */
function readLines(): string[] {
  return [...(captions()?.querySelectorAll('p') ?? [])].map((line) => {
    const copy = line.cloneNode(true) as Element
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
    return (copy.textContent ?? '').trim()
  })
}

describe('the call view', () => {
  it('hands its canvas to the meter while shown, and takes it back when the call ends', async () => {
    render(<CallView live={live} attachMeter={attachMeter} />, root)
    await waitFor(() => expect(attachMeter).toHaveBeenCalledOnce())
    expect(attachMeter.mock.calls[0]?.[0]).toBe(root.querySelector('canvas'))
    render(null, root)
    await waitFor(() => expect(detach).toHaveBeenCalledOnce())
  })

  it('says whether the agent is speaking or listening, in one place that keeps its width', async () => {
    render(<CallView live={live} attachMeter={attachMeter} />, root)
    // Both labels stay in the layout (so the row never reflows); the one not in force is invisible.
    const shown = () =>
      [...root.querySelectorAll('.grid > span')]
        .filter((label) => !label.classList.contains('invisible'))
        .map((label) => label.textContent)
    await waitFor(() => expect(shown()).toEqual(['Listening']))
    live.setState({ speaking: true })
    await waitFor(() => expect(shown()).toEqual(['Agent speaking']))
    live.setState({ speaking: false })
    await waitFor(() => expect(shown()).toEqual(['Listening']))
  })

  it('counts the call time in m:ss from the moment the call went live', async () => {
    vi.useFakeTimers()
    startLiveCall(live, Date.now())
    render(<CallView live={live} attachMeter={attachMeter} />, root)
    await vi.advanceTimersByTimeAsync(0)
    const timer = getByRole(root, 'timer', 'Call time')
    expect(timer.textContent).toBe('0:00')
    await vi.advanceTimersByTimeAsync(7_000)
    expect(timer.textContent).toBe('0:07')
    await vi.advanceTimersByTimeAsync(95_000)
    expect(timer.textContent).toBe('1:42')
  })

  it("shows each side's last line, reading only final words aloud, and hides the captions on request", async () => {
    render(<CallView live={live} attachMeter={attachMeter} />, root)
    const toggle = await waitFor(() => getByRole(root, 'button', 'Captions'))
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(captions()).not.toBeNull() // watched before the first line

    addTranscript(live, { speaker: 'agent', text: 'Thanks for calling Bright', final: false })
    addTranscript(live, { speaker: 'visitor', text: 'Hi, I need a cleaning.', final: true })
    await waitFor(() => expect(captions()?.textContent).toContain('Agent: Thanks for calling Bright'))
    expect(captions()?.textContent).toContain('You: Hi, I need a cleaning.')
    expect(readLines()).toEqual(['Agent:', 'You: Hi, I need a cleaning.'])

    addTranscript(live, { speaker: 'agent', text: 'Thanks for calling Bright Smile Dental!', final: true })
    await waitFor(() =>
      expect(readLines()).toEqual([
        'Agent: Thanks for calling Bright Smile Dental!',
        'You: Hi, I need a cleaning.',
      ]),
    )

    toggle.click()
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'))
    expect(captions()).toBeNull()
    expect(root.textContent).not.toContain('Bright Smile Dental')
    expect(live.getState().captionsHidden).toBe(true)

    toggle.click()
    await waitFor(() => expect(captions()?.textContent).toContain('Thanks for calling Bright Smile Dental!'))
    expect(queryAllByRole(root, 'button')).toHaveLength(1)
  })
})
