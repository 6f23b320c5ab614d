import { afterEach, expect, it, vi } from 'vitest'
import { NETWORK_ERROR_MESSAGE } from '../lib/fetch-api.ts'
import { loadedStore } from '../testing/test-demo-store.ts'
import { START_ERROR_TEXT } from '../voice/start-error-text.ts'

// The visitor went offline before the toast chunk arrived: every import of it fails.
vi.mock('../toast/toast-ui.tsx', () => {
  throw new TypeError('Failed to fetch dynamically imported module')
})

afterEach(() => vi.restoreAllMocks())

it("says a failure on the panel's status line, and on the console, when not even the toast chunk can be fetched", async () => {
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
  const offline = async () => {
    throw new TypeError('Failed to fetch dynamically imported module')
  }
  const store = await loadedStore({ phoneDialog: offline, call: offline })

  store.getState().openPhoneDialog()
  await vi.waitFor(() => expect(store.getState().notice).toBe(NETWORK_ERROR_MESSAGE))
  expect(warn).toHaveBeenCalledWith(
    `[voice-demo] ${START_ERROR_TEXT.callFailedTitle}: ${NETWORK_ERROR_MESSAGE}`,
  )

  store.getState().startCall()
  await vi.waitFor(() => expect(store.getState().notice).toBe(START_ERROR_TEXT.startFailed))
  expect(store.getState().call).toBe('idle')
})
