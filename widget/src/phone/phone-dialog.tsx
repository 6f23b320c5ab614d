import { useEffect, useLayoutEffect, useRef, useState } from 'preact/hooks'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { normalizePhoneNumber, PHONE_COUNTRIES, PHONE_EXAMPLES } from '#core/phone.ts'
import type { Prospect } from '#core/prospect.ts'
import { followCall } from '../actions/follow-call.tsx'
import { loadEngagement } from '../engagement/report-engagement.ts'
import { PrivacyLink } from '../legal/privacy-link.tsx'
import type { DemoStore } from '../state/demo-state.ts'
import { createSheetAdopter } from '../styles/adopt-sheet.ts'
import { ToastSlot } from '../toast/toast-slot.tsx'
import { dismissToastOf } from '../toast/toasts.ts'
import { LineIcon } from '../ui/line-icon.tsx'
import { CountrySelect } from './country-select.tsx'
import css from './phone-dialog.css?inline'
import { createIdempotencyKey, PHONE_TEXT, titleForError } from './phone-text.ts'
import { requestPhoneCall } from './request-phone-call.ts'

export interface PhoneDialogProps {
  store: DemoStore
  prospect: Prospect
  apiBase: string
  open: boolean
  /** The back arrow also shows the prospect's page (`/{slug}`): only where the host page asked. */
  backNavigation: boolean
  onClose(): void
}

const DEFAULT_COUNTRY = PHONE_COUNTRIES[0]
/** The message under the number field that says what is wrong with it. */
const PROBLEM_ID = 'phone-number-problem'
const ignoreFailure = () => undefined
const adoptPhoneSheet = createSheetAdopter(css)

/**
 * 'Get a Call from Our AI Assistant': a native modal `<dialog>`, so it sits in the top layer above any
 * host-page banner, keeps the rest of the page inert and closes on Escape. It stays mounted once
 * opened, so a number typed, closed and reopened is still there; a placed call clears it. While it is
 * open, the element's toasts show inside it (the page behind a modal is inert), at the edge that is
 * free (phone-dialog.css). A number the dialog or the server refuses marks the field, with the reason
 * under it; changing the number or placing the call takes the reason and its toast away.
 */
export function PhoneDialog({ store, prospect, apiBase, open, backNavigation, onClose }: PhoneDialogProps) {
  const { showToast } = store.getState()
  const dialog = useRef<HTMLDialogElement>(null)
  const opener = useRef<HTMLElement | null>(null)
  const [country, setCountry] = useState<(typeof PHONE_COUNTRIES)[number]>(DEFAULT_COUNTRY)
  const [number, setNumber] = useState('')
  const [submitting, setSubmitting] = useState(false)
  /** Why the number was refused, shown under the field; empty while there is nothing to say. */
  const [problem, setProblem] = useState('')
  const field = useRef<HTMLInputElement>(null)
  // One key per number: a retry after a lost answer cannot dial twice; a new number gets a new key.
  const idempotencyKey = useRef<string | null>(null)
  // The tab's visit, for the call's metadata: read from the engagement chunk once it is here
  // (normally long since), never waited for at submit, so the call never waits on it.
  const visitIdOf = useRef<((slug: string) => string | null) | undefined>(undefined)
  useEffect(() => {
    loadEngagement().then(({ callMetadataFor }) => {
      visitIdOf.current = (slug) => callMetadataFor(slug).visitId
    }, ignoreFailure)
  }, [])

  useLayoutEffect(() => {
    const element = dialog.current
    if (!element) return
    const root = element.getRootNode() as ShadowRoot | Document
    adoptPhoneSheet(root)
    if (open && !element.open) {
      opener.current = root.activeElement as HTMLElement | null
      element.showModal()
    } else if (!open && element.open) {
      element.close()
      opener.current?.focus()
    }
  }, [open])

  // A new number or country: a new call (new key), and what was said about the old one is stale.
  const edit = (apply: () => void) => {
    idempotencyKey.current = null
    setProblem('')
    dismissToastOf(store.owner)
    apply()
  }
  // Each refusal moves the focus back to the field, once it is enabled again (after the server's).
  const [refusals, setRefusals] = useState(0)
  useEffect(() => {
    if (refusals > 0) field.current?.focus()
  }, [refusals])
  const refuse = (message: string) => {
    setProblem(message)
    setRefusals((count) => count + 1)
  }

  async function submit(event: Event): Promise<void> {
    event.preventDefault()
    if (submitting) return
    const check = normalizePhoneNumber(number, country)
    if (!check.ok) {
      const title = check.code === 'phone_required' ? PHONE_TEXT.requiredTitle : PHONE_TEXT.invalidTitle
      refuse(PHONE_TEXT.invalidBody)
      return showToast(title, PHONE_TEXT.invalidBody, 'destructive')
    }
    // The number is being called: a warning about an earlier one must not stay on screen meanwhile.
    setProblem('')
    dismissToastOf(store.owner)
    const key = idempotencyKey.current ?? createIdempotencyKey()
    idempotencyKey.current = key
    setSubmitting(true)
    const { slug } = prospect
    const visit = visitIdOf.current?.(slug)
    try {
      const request = {
        slug,
        country: country.code,
        number,
        idempotencyKey: key,
        ...(visit && { visitId: visit }),
      }
      const placed = await requestPhoneCall(request, apiBase)
      edit(() => setNumber(''))
      onClose()
      showToast(PHONE_TEXT.initiatedTitle, PHONE_TEXT.initiatedBody(placed.number))
      // While the page is open, what the agent does on the phone call shows on it too.
      followCall(store, {
        apiBase,
        slug,
        visitId: visit ?? null,
        callId: placed.callId,
        companyName: prospect.companyName,
      })
    } catch (error) {
      const failure =
        error instanceof RequestFailure ? error : new RequestFailure('unavailable', UNAVAILABLE_MESSAGE)
      if (failure.code === 'phone_invalid' || failure.code === 'phone_required') refuse(failure.message)
      showToast(titleForError(failure.code), failure.message, 'destructive')
    } finally {
      setSubmitting(false)
    }
  }

  /**
   * The back arrow closes the dialog. A partner's page is never touched: only a host that asked for it
   * (`back-navigation`, a single-page app that routes `/{slug}` to the prospect's page) also gets that
   * path, pushed to its history with a `popstate` for its router.
   */
  function goBack(): void {
    onClose()
    const path = `/${prospect.slug}`
    if (!backNavigation || location.pathname === path) return
    history.pushState(null, '', path)
    dispatchEvent(new PopStateEvent('popstate'))
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="phone-dialog-title"
      class="phone-dialog"
      onCancel={(event) => {
        event.preventDefault() // closed through the store, so `open` stays the truth
        onClose()
      }}
    >
      <div class="phone-body">
        <div class="flex items-center gap-2">
          <button
            type="button"
            aria-label="Back"
            class="-ml-2 rounded-lg p-2 hover:bg-sunken focus-visible:outline-2 focus-visible:outline-accent"
            onClick={goBack}
          >
            <LineIcon size={20}>
              <path d="m12 19-7-7 7-7M19 12H5" />
            </LineIcon>
          </button>
          <h2 id="phone-dialog-title" class="text-lg font-semibold">
            {PHONE_TEXT.title}
          </h2>
        </div>
        <p class="mt-2 text-sm text-ink-soft">
          The assistant built for {prospect.companyName} will phone you in a few seconds.
        </p>
        <form class="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate>
          <div class="flex flex-col gap-1">
            <span class="text-sm font-medium">Country</span>
            <CountrySelect
              countries={PHONE_COUNTRIES}
              value={country}
              disabled={submitting}
              onChange={(next) => edit(() => setCountry(next))}
            />
          </div>
          <div class="flex flex-col gap-1">
            <label class="flex flex-col gap-1">
              <span class="text-sm font-medium">Phone number</span>
              <input
                ref={field}
                type="tel"
                name="phone"
                autocomplete="tel-national"
                inputMode="tel"
                // A number the server would dial, as the chosen country writes it (core/phone.ts).
                placeholder={PHONE_EXAMPLES[country.code]}
                value={number}
                disabled={submitting}
                aria-invalid={problem ? 'true' : undefined}
                aria-describedby={problem ? PROBLEM_ID : undefined}
                class="h-12 rounded-xl bg-surface px-4 text-base ring-1 ring-edge focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent aria-invalid:ring-2 aria-invalid:ring-danger"
                onInput={(event) => edit(() => setNumber(event.currentTarget.value))}
              />
            </label>
            {problem && (
              <p id={PROBLEM_ID} class="text-sm text-danger">
                {problem}
              </p>
            )}
          </div>
          <p class="text-xs text-ink-soft">
            {PHONE_TEXT.consent} <PrivacyLink />
          </p>
          <button
            type="submit"
            disabled={number === '' || submitting}
            class="inline-flex h-12 w-full items-center justify-center rounded-xl bg-linear-to-r from-indigo-600 to-violet-600 px-5 text-base font-semibold text-white shadow-sm hover:from-indigo-700 hover:to-violet-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:cursor-default disabled:opacity-60"
          >
            {submitting ? PHONE_TEXT.submitting : PHONE_TEXT.submit}
          </button>
        </form>
      </div>
      <div class="phone-toast">
        <ToastSlot owner={store.owner} active={open} inDialog />
      </div>
    </dialog>
  )
}
