import type { ElementRef, EngineSession } from './engine.ts'
import { waitUntil } from './engine.ts'

/**
 * The widget as a visitor meets it, read inside its shadow root by functions that run in the page
 * (so each is self-contained: its source is sent, not its closure). Buttons are found by their
 * accessible name as the widget gives it: `aria-label`, else the text.
 */

export interface ButtonState {
  name: string
  disabled: boolean
  ariaDisabled: boolean
  visible: boolean
}

/** What a visitor can see of the widget at one moment; the journeys wait for states of it. */
export interface WidgetSnapshot {
  heading: string | null
  busy: boolean
  buttons: ButtonState[]
  /** The `role=status` texts of the panel (the status line and the toasts). */
  statuses: string[]
  dialog: {
    open: boolean
    modal: boolean
    title: string
    buttons: ButtonState[]
    alerts: string[]
    /** The message under the number field, and whether the field is marked invalid. */
    problem: string | null
    invalid: boolean
  } | null
  /** The accessible name of the focused element inside the shadow root, if any. */
  focused: string | null
  /** `<audio>` elements in the page (the SDK plays the assistant in one). */
  audio: number
  /** The level meter's `data-mode` ('worker' or 'main-thread') while a call shows it. */
  meter: string | null
  /** Uncaught errors and rejections in the page (partner-site.ts records them). */
  pageErrors: string[]
}

/** Reads the widget for `slug`; null until its shadow root exists. */
export function readWidget({ slug }: { slug: string }): WidgetSnapshot | null {
  const root = document.querySelector(`voice-demo[slug="${slug}"]`)?.shadowRoot
  if (!root) return null
  const visible = (element: Element) =>
    element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden'
  const nameOf = (element: Element) => element.getAttribute('aria-label') ?? element.textContent?.trim() ?? ''
  const describe = (buttons: HTMLButtonElement[]) =>
    buttons.map((button) => ({
      name: nameOf(button),
      disabled: button.disabled,
      ariaDisabled: button.getAttribute('aria-disabled') === 'true',
      visible: visible(button),
    }))
  const texts = (scope: ParentNode, selector: string) =>
    [...scope.querySelectorAll(selector)].filter(visible).map((element) => element.textContent?.trim() ?? '')
  const section = root.querySelector('section')
  const dialog = root.querySelector('dialog')
  const field = dialog?.querySelector('input[type=tel]')
  const problemId = field?.getAttribute('aria-describedby')
  const titleId = dialog?.getAttribute('aria-labelledby')
  const panelButtons = [...root.querySelectorAll('button')].filter((button) => !dialog?.contains(button))
  const meter = root.querySelector('canvas')
  return {
    heading: root.querySelector('section > div h2')?.textContent?.trim() ?? null,
    busy: section?.getAttribute('aria-busy') === 'true',
    buttons: describe(panelButtons),
    statuses: [...root.querySelectorAll('[role=status]')]
      .filter((element) => !dialog?.contains(element))
      .map((element) => element.textContent?.trim() ?? '')
      .filter(Boolean),
    dialog: dialog
      ? {
          open: dialog.open,
          modal: dialog.matches(':modal'),
          title: (titleId && root.getElementById(titleId)?.textContent?.trim()) || '',
          buttons: describe([...dialog.querySelectorAll('button')]),
          alerts: texts(dialog, '[role=alert]'),
          problem: (problemId && root.getElementById(problemId)?.textContent?.trim()) || null,
          invalid: field?.getAttribute('aria-invalid') === 'true',
        }
      : null,
    focused: root.activeElement ? nameOf(root.activeElement) : null,
    audio: document.querySelectorAll('audio').length,
    meter: meter?.getAttribute('data-mode') ?? null,
    pageErrors: (window as unknown as { __pageErrors?: string[] }).__pageErrors ?? [],
  }
}

/**
 * Waits until the widget's snapshot satisfies `check`, and returns it. On timeout the error shows the
 * last snapshot: what the visitor saw instead.
 */
export function waitForWidget(
  session: EngineSession,
  slug: string,
  what: string,
  check: (widget: WidgetSnapshot) => boolean,
): Promise<WidgetSnapshot> {
  return waitUntil(`${session.name}: ${what}`, async () => {
    const widget = await session.run(readWidget, { slug })
    return { ok: widget !== null && check(widget), value: widget as WidgetSnapshot }
  })
}

/** The button named `name`, enabled and visible (in the dialog, or else in the panel). */
export const isReady = (buttons: ButtonState[] | undefined, name: string): boolean =>
  buttons?.some(
    (button) => button.name === name && button.visible && !button.disabled && !button.ariaDisabled,
  ) ?? false

/** The panel with the prospect's company and both buttons, ready to use. */
export const waitForPanel = (session: EngineSession, slug: string, company: string) =>
  waitForWidget(
    session,
    slug,
    `the panel for ${company}`,
    (widget) =>
      widget.heading === `Built for ${company}` &&
      isReady(widget.buttons, 'Test in Browser') &&
      isReady(widget.buttons, 'Call Me'),
  )

/** The visible button named `name` in the panel, or in the open dialog with `inDialog`. */
export function findButton(
  session: EngineSession,
  slug: string,
  name: string,
  inDialog = false,
): Promise<ElementRef> {
  return session.element(
    (arg: { slug: string; name: string; inDialog: boolean }) => {
      const root = document.querySelector(`voice-demo[slug="${arg.slug}"]`)?.shadowRoot
      const dialog = root?.querySelector('dialog')
      const scope = arg.inDialog ? dialog : root
      const candidates = [...(scope?.querySelectorAll('button') ?? [])].filter(
        (button) => arg.inDialog || !dialog?.contains(button),
      )
      return (
        candidates.find(
          (button) =>
            (button.getAttribute('aria-label') ?? button.textContent?.trim()) === arg.name &&
            button.getClientRects().length > 0,
        ) ?? null
      )
    },
    { slug, name, inDialog },
  )
}

/** The `<voice-demo>` element itself, for screenshots of the whole panel. */
export const findHost = (session: EngineSession, slug: string): Promise<ElementRef> =>
  session.element(({ slug }: { slug: string }) => document.querySelector(`voice-demo[slug="${slug}"]`), {
    slug,
  })

/** The phone dialog's number field. */
export const findPhoneField = (session: EngineSession, slug: string): Promise<ElementRef> =>
  session.element(
    ({ slug }: { slug: string }) =>
      document
        .querySelector(`voice-demo[slug="${slug}"]`)
        ?.shadowRoot?.querySelector('dialog input[type=tel]') ?? null,
    { slug },
  )
