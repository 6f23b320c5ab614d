import { FALLBACK_SLUG } from '#core/prospect.ts'
import { PAGE_ANSWER_ATTRIBUTE } from '../api/public-api.ts'
import { reportEngagement } from '../engagement/report-engagement.ts'
import { apiBaseOf } from '../lib/fetch-api.ts'
import { fetchProspect, keepPageAnswer, pageAnswer } from '../lib/fetch-prospect.ts'
import type { DemoStore } from '../state/demo-state.ts'
import { createDemoStore } from '../state/demo-store.ts'
import { DemoPanel, type PanelParts } from '../ui/demo-panel.tsx'
import { DEMO_PARTS } from './demo-parts.ts'
import { dispatchHostEvent } from './host-events.ts'
import { preactBehaviour } from './preact-behaviour.ts'
import type { DemoBehaviour } from './voice-demo-element.ts'

/**
 * What `<voice-demo>` does once the rest of the widget has arrived: it loads the prospect and shows
 * the demo panel. The element owns its store (a new one each time it is added to a page; removing it
 * disposes the store, which cancels the request and the call); the host API's panel commands are the
 * store's actions of the same name.
 */
export function demoBehaviour(host: HTMLElement, root: ShadowRoot): DemoBehaviour {
  let store: DemoStore<PanelParts> | null = null
  /** Forgets the answer this element carried, once it leaves the page. */
  let forgetPageAnswer: () => void = () => {}
  const slugOf = () => host.getAttribute('slug')?.trim() || FALLBACK_SLUG
  const view = preactBehaviour(
    host,
    root,
    (theme) =>
      store && (
        <DemoPanel
          store={store}
          slug={slugOf()}
          apiBase={apiBaseOf(host)}
          theme={theme}
          backNavigation={host.hasAttribute('back-navigation')}
        />
      ),
  )
  return {
    startCall: () => store?.getState().startCall(),
    stopCall: () => store?.getState().stopCall(),
    openPhoneDialog: () => store?.getState().openPhoneDialog(),
    connected() {
      forgetPageAnswer = readPageAnswer(host, slugOf())
      const preview = host.hasAttribute('preview')
      const created = store === null
      store ??= createDemoStore({
        fetchProspect,
        pageAnswer,
        parts: DEMO_PARTS,
        // An editor's preview is nobody's visit: nothing is reported.
        report: preview ? undefined : reportEngagement,
        emit: (event, message = '') => {
          const slug = slugOf()
          if (event === 'error') dispatchHostEvent(host, 'error', { slug, message })
          else dispatchHostEvent(host, event, { slug })
        },
        owner: host,
      })
      // Preact's first render shows the panel in the state the page drew it, so that it reuses every
      // node: loaded where a server drew it with the answer it carried (element/declarative-panel.ts).
      const carried = created ? pageAnswer(slugOf(), apiBaseOf(host)) : undefined
      if (carried && root.querySelector('[aria-busy="false"]'))
        store.setState({ prospect: { status: 'loaded', ...carried } })
      // Nor does it call anyone: Talk and Call Me (and the host API's commands) say so in the status line.
      if (preview && created) {
        const demo = store
        const say = () =>
          import('../lib/preview.ts').then(({ PREVIEW_NOTICE }) => demo.setState({ notice: PREVIEW_NOTICE }))
        demo.setState({ startCall: say, openPhoneDialog: say })
      }
      view.connected()
    },
    disconnected() {
      view.disconnected()
      forgetPageAnswer()
      store?.getState().dispose()
      store = null
    },
    changed: view.changed,
  }
}

/**
 * The answer the page carried on the element, if any: the panel then shows it without asking the API.
 * Returns what forgets it.
 */
function readPageAnswer(element: Element, slug: string): () => void {
  const json = element.getAttribute(PAGE_ANSWER_ATTRIBUTE)
  if (!json) return () => {}
  try {
    return keepPageAnswer(slug, apiBaseOf(element), JSON.parse(json))
  } catch {
    return () => {} // Not JSON: the panel asks the API, as without it.
  }
}
