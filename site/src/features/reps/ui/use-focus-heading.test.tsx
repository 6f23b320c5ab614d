import { act, fireEvent, render } from '@testing-library/react'
import { afterEach, expect, it, vi } from 'vitest'
import { useFocusHeading } from './use-focus-heading.ts'

afterEach(() => vi.restoreAllMocks())

function Page({ pathname, heading }: { pathname: string; heading: string | null }) {
  useFocusHeading(pathname)
  return (
    <main>
      <button type="button">Search</button>
      {heading !== null && <h1>{heading}</h1>}
    </main>
  )
}

it('leaves focus alone on the first page, and moves it to the next page’s heading once it shows', async () => {
  const view = render(<Page pathname="/_/prospects" heading="Prospects" />)
  expect(document.activeElement).toBe(document.body)

  // The next page's heading arrives with its data, after the move.
  view.rerender(<Page pathname="/_/prospects/acme" heading={null} />)
  expect(document.activeElement).toBe(document.body)
  await act(async () => view.rerender(<Page pathname="/_/prospects/acme" heading="Acme Dental" />))
  await expect.poll(() => document.activeElement?.textContent).toBe('Acme Dental')
  // Focusable from script, but not a stop for Tab.
  expect(document.activeElement?.getAttribute('tabindex')).toBe('-1')
  view.unmount()
})

it('shows the focus ring on the heading after a move made with the keyboard, not with a pointer', () => {
  const focus = vi.spyOn(HTMLElement.prototype, 'focus')
  const view = render(<Page pathname="/_/prospects" heading="Prospects" />)
  fireEvent.pointerDown(document.body)
  view.rerender(<Page pathname="/_/activity" heading="Activity" />)
  expect(focus).toHaveBeenLastCalledWith({ focusVisible: false })
  fireEvent.keyDown(document.body, { key: 'Enter' })
  view.rerender(<Page pathname="/_/prospects" heading="Prospects" />)
  expect(focus).toHaveBeenLastCalledWith({ focusVisible: true })
  // Shift alone (as in a Shift-click) says nothing of the keyboard.
  fireEvent.pointerDown(document.body)
  fireEvent.keyDown(document.body, { key: 'Shift' })
  view.rerender(<Page pathname="/_/activity" heading="Activity" />)
  expect(focus).toHaveBeenLastCalledWith({ focusVisible: false })
  view.unmount()
})
