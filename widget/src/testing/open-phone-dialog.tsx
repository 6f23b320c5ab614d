import { render } from 'preact'
import { PhoneDialog } from '../phone/phone-dialog.tsx'
import type { DemoDeps } from '../state/demo-state.ts'
import { DemoPanel } from '../ui/demo-panel.tsx'
import { answerLikeTheServer, type stubFetch } from './fake-fetch.ts'
import { getByRole, waitFor } from './queries.ts'
import { testStore } from './test-demo-store.ts'

const containers = new Set<HTMLElement>()

/**
 * The panel for Bright Smile Dental with its 'Call Me' dialog open, the opener focused as a click
 * leaves it; `backNavigation` as the host element's `back-navigation` attribute sets it.
 */
export async function openPhoneDialog({
  backNavigation = false,
  report,
}: {
  backNavigation?: boolean
  report?: DemoDeps['report']
} = {}) {
  const container = document.createElement('div')
  document.body.append(container)
  containers.add(container)
  const store = testStore({
    phoneDialog: async () => PhoneDialog,
    owner: container,
    ...(report && { report }),
  })
  render(
    <DemoPanel
      store={store}
      slug="bright-smile-dental"
      apiBase="https://x"
      backNavigation={backNavigation}
    />,
    container,
  )
  const opener = await waitFor(() => getByRole(container, 'button', 'Call Me'))
  opener.focus()
  opener.click()
  const dialog = await waitFor(() => getByRole(container, 'dialog', 'Get a Call from Our AI Assistant'))
  const input = dialog.querySelector('input[type="tel"]') as HTMLInputElement
  const submit = () => getByRole(dialog, 'button', /^(Call Me|Calling\.\.\.)$/)
  /** Types a number and lets Preact re-render, as the time between two keystrokes would. */
  const type = async (value: string) => {
    input.value = value
    input.dispatchEvent(new Event('input', { bubbles: true }))
    await new Promise((resolve) => setTimeout(resolve, 0))
  }
  return { container, store, dialog, input, submit, type, opener }
}

/** Unmounts every panel `openPhoneDialog` showed. */
export function closePhoneDialogs(): void {
  for (const container of containers) {
    render(null, container)
    container.remove()
  }
  containers.clear()
}

type FetchMock = ReturnType<typeof stubFetch>

/** The bodies of the phone-call requests the dialog sent. */
export const phoneCallRequests = (fetch: FetchMock) =>
  fetch.mock.calls
    .filter(([input]) => String(input).endsWith('/api/calls/phone'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, string>)

/** Answers the phone-call request with `response`; other requests as the server would. */
export function answerPhoneCallWith(fetch: FetchMock, response: () => Response | Promise<Response>): void {
  fetch.mockImplementation(async (input, init) =>
    String(input).endsWith('/api/calls/phone') ? response() : answerLikeTheServer(input, {}, init),
  )
}
