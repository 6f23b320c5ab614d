import type { ComponentType } from 'preact'
import { expect, vi } from 'vitest'
import type { DemoFeatures } from '#core/public-config.ts'
import { callMetadataFor } from '../engagement/engagement-chunk.ts'
import { lazyPart } from '../lib/lazy-part.ts'
import type { PhoneDialogProps } from '../phone/phone-dialog.tsx'
import type { BrowserCall, DemoDeps, DemoStore } from '../state/demo-state.ts'
import { createDemoStore } from '../state/demo-store.ts'
import { pageToast } from '../toast/page-toast.ts'
import type { PanelCallChunk, PanelParts } from '../ui/demo-panel.tsx'
import { createBrowserCall } from '../voice/browser-call.ts'
import { CallView } from '../voice/call-view.tsx'
import { startWhenLoaded } from '../voice/start-when-loaded.ts'
import type { VoiceClient } from '../voice/voice-client.ts'
import { prospectAnswer } from './fake-fetch.ts'

/** How a test fetches each lazy part: its chunk's import, which may fail as a network would. */
export interface PartImports {
  call?: () => Promise<PanelCallChunk>
  phoneDialog?: () => Promise<ComponentType<PhoneDialogProps>>
}

/**
 * The panel's lazy parts for one test, each fetched once like the element's (element/demo-parts.ts).
 * Unless a test brings its own: a call chunk whose server has no voice settings, and an empty dialog.
 */
export function testParts({
  call = async () => ({ connectVoice: async () => null, startWhenLoaded, CallView }),
  phoneDialog = async () => () => null,
}: PartImports = {}): PanelParts {
  return { call: lazyPart(call), phoneDialog: lazyPart(phoneDialog) }
}

/** A store's deps for a test: the real ones' shape, with the lazy parts as `PartImports`. */
export type TestDeps = Partial<Omit<DemoDeps, 'parts'>> & PartImports

/** A store for a test, its prospect answered as the server would unless `fetchProspect` says otherwise. */
export function testStore(
  { call, phoneDialog, ...deps }: TestDeps = {},
  features: Partial<DemoFeatures> = {},
): DemoStore<PanelParts> {
  return createDemoStore({
    fetchProspect: async (asked) => prospectAnswer(asked, features),
    emit: () => {},
    owner: {},
    ...deps,
    parts: testParts({ ...(call && { call }), ...(phoneDialog && { phoneDialog }) }),
  })
}

/** A store for `slug` whose server runs `features` (all by default), once its prospect has loaded. */
export async function loadedStore(
  deps: TestDeps = {},
  features: Partial<DemoFeatures> = {},
  slug = 'bright-smile-dental',
): Promise<DemoStore<PanelParts>> {
  const store = testStore(deps, features)
  store.getState().load(slug, 'https://api.example.com/')
  await vi.waitFor(() => expect(store.getState().prospect.status).toBe('loaded'))
  return store
}

/**
 * The call chunk over a fake voice client: the call and its view, as the element's parts load them;
 * `call()` is the call the store made, for what its view shows.
 */
export function connectTo(client: VoiceClient) {
  let made: BrowserCall | null = null
  const chunk = async (): Promise<PanelCallChunk> => ({
    connectVoice: async (apiBase, host) =>
      (made = createBrowserCall(host, client, { apiBase, metadataFor: callMetadataFor })),
    startWhenLoaded,
    CallView,
  })
  const call = (): BrowserCall => {
    if (!made) throw new Error('the call chunk has not loaded')
    return made
  }
  return { chunk, call }
}

/**
 * Lets the lazily loaded parts arrive and what they started settle: a frame, then a task, since what
 * a click starts waits for the frame that paints it (lib/after-paint.ts).
 */
export const flush = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))

/** The page's one toast: what the visitor sees, in the region of its owner. */
export const shownToast = () => pageToast.getState().toast
