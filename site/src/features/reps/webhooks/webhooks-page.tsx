import { type FormEvent, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import {
  type OutgoingWebhook,
  type OutgoingWebhookCreated,
  WEBHOOK_EVENT_INFO,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '#core/rep-api.ts'
import { primaryButtonClass, secondaryButtonClass } from '../../../components/button-styles.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { useSessionState } from '../session/session-store.ts'
import { SignedInPage } from '../session/signed-in-page.tsx'
import { ConfirmButton } from '../team/confirm-button.tsx'
import { Alert } from '../ui/alert.tsx'
import { cardClass, hintClass, labelClass, pageTitleClass } from '../ui/field-styles.ts'
import { TextField } from '../ui/text-field.tsx'
import { DeliveryLog } from './delivery-log.tsx'
import { addWebhook, deleteWebhook, listWebhooks, setWebhookEnabled } from './webhook-endpoints.ts'

/**
 * Route `/_/webhooks`: admins add the team's outgoing webhooks (an https address and the events it
 * wants; the signing secret shown once), turn them on and off, delete them, send a test and read each
 * one's delivery log. Others are told the page is for admins (the server refuses them its data anyway).
 */
export function WebhooksPage() {
  return (
    <SignedInPage title="Webhooks">
      <Webhooks />
    </SignedInPage>
  )
}

function Webhooks() {
  const state = useSessionState()
  const me = state.status === 'signed-in' ? state.session.rep : null
  return (
    <div className="space-y-6">
      <div>
        <h1 className={pageTitleClass}>Webhooks</h1>
        <p className="mt-2 max-w-3xl text-slate-600 dark:text-slate-300">
          {me?.role === 'admin'
            ? 'Tell your CRM, Zapier or your own tools what prospects do, as it happens. Each delivery is signed with the webhook’s secret, so the receiving side can check it came from us.'
            : 'Only admins can manage webhooks. Ask an admin to add one.'}
        </p>
      </div>
      {me?.role === 'admin' && <WebhooksView />}
    </div>
  )
}

const loadWebhooks = (_key: string, signal: AbortSignal) => listWebhooks(signal)

function WebhooksView() {
  const [version, setVersion] = useState(0)
  const load = useKeyedLoad(`webhooks#${version}`, loadWebhooks, { failedMessage: UNAVAILABLE_MESSAGE })
  const [last, setLast] = useState<OutgoingWebhook[] | null>(null)
  if (load.status === 'done' && load.value.webhooks !== last) setLast(load.value.webhooks)
  const shown = load.status === 'done' ? load.value.webhooks : last
  const reload = () => setVersion((n) => n + 1)
  return (
    <>
      <AddWebhookForm onAdded={reload} />
      <section aria-labelledby="webhooks-heading" className="space-y-4" aria-busy={load.status === 'loading'}>
        <h2 id="webhooks-heading" className="text-lg font-bold tracking-tight">
          Your webhooks
        </h2>
        {load.status === 'error' && (
          <div className="space-y-3">
            <Alert>{load.message}</Alert>
            <button type="button" className={secondaryButtonClass} onClick={reload}>
              Try again
            </button>
          </div>
        )}
        {shown === null && load.status === 'loading' && (
          <p role="status" className="text-slate-600 dark:text-slate-400">
            Loading the webhooks…
          </p>
        )}
        {shown?.length === 0 && <p className="text-slate-600 dark:text-slate-400">No webhooks yet.</p>}
        {shown?.map((webhook) => (
          <WebhookCard key={webhook.id} webhook={webhook} onChanged={reload} />
        ))}
      </section>
    </>
  )
}

function AddWebhookForm({ onAdded }: { onAdded: () => void }) {
  const [url, setUrl] = useState('')
  const [events, setEvents] = useState<WebhookEvent[]>([...WEBHOOK_EVENTS])
  const [busy, setBusy] = useState(false)
  const [urlError, setUrlError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [added, setAdded] = useState<OutgoingWebhookCreated | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setUrlError(null)
    setError(null)
    if (events.length === 0) {
      setError('Choose at least one event to send.')
      return
    }
    setBusy(true)
    try {
      setAdded(await addWebhook(url, events))
      setUrl('')
      onAdded()
    } catch (failure) {
      const message = failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE
      if (failure instanceof RequestFailure && failure.code === 'bad_request') setUrlError(message)
      else setError(message)
    } finally {
      setBusy(false)
    }
  }
  const toggle = (event: WebhookEvent, on: boolean) =>
    setEvents((current) => WEBHOOK_EVENTS.filter((one) => (one === event ? on : current.includes(one))))

  return (
    <section aria-labelledby="add-webhook-heading" className={`${cardClass} space-y-4`}>
      <h2 id="add-webhook-heading" className="text-lg font-bold tracking-tight">
        Add a webhook
      </h2>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Address"
          name="url"
          type="url"
          autoComplete="off"
          spellCheck={false}
          value={url}
          onValue={setUrl}
          error={urlError}
          hint="An https address on the internet, e.g. from Zapier’s “Catch Hook”."
        />
        <fieldset>
          <legend className={labelClass}>Send when a prospect…</legend>
          <div className="mt-2 grid gap-2 sm:grid-cols-2 lg:grid-cols-3">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  className="size-4 accent-indigo-600"
                  checked={events.includes(event)}
                  onChange={(change) => toggle(event, change.target.checked)}
                />
                {WEBHOOK_EVENT_INFO[event].label}
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Adding…' : 'Add webhook'}
        </button>
      </form>
      {error && <Alert>{error}</Alert>}
      <div role="status">
        {added && (
          <div className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-700 dark:bg-amber-950">
            <p className="font-semibold">
              Webhook added. Copy its signing secret now: it is shown only this once.
            </p>
            <p className="break-all">
              <code className="rounded bg-white px-1.5 py-0.5 font-mono dark:bg-slate-900">
                {added.secret}
              </code>
            </p>
            <p className={hintClass}>
              Your receiving side checks each delivery’s <code>CallPilot-Signature</code> header with it.
            </p>
          </div>
        )}
      </div>
    </section>
  )
}

function WebhookCard({ webhook, onChanged }: { webhook: OutgoingWebhook; onChanged: () => void }) {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const headingId = `webhook-${webhook.id}`
  const toggle = async () => {
    setBusy(true)
    setError(null)
    try {
      await setWebhookEnabled(webhook.id, !webhook.enabled)
      onChanged()
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
    } finally {
      setBusy(false)
    }
  }
  return (
    <article aria-labelledby={headingId} className={`${cardClass} space-y-4`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h3 id={headingId} className="font-mono text-base font-semibold break-all">
            {webhook.url}
          </h3>
          <p className="text-sm text-slate-600 dark:text-slate-300">
            <span className="font-semibold">{webhook.enabled ? 'On' : 'Off'}</span> ·{' '}
            {webhook.events.map((event) => WEBHOOK_EVENT_INFO[event].label).join(', ')} · Secret ending in{' '}
            <code>{webhook.secretLast4}</code>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={secondaryButtonClass} onClick={toggle} disabled={busy}>
            {webhook.enabled ? 'Turn off' : 'Turn on'}
          </button>
          <ConfirmButton
            label="Delete"
            title="Delete this webhook?"
            text={`Nothing more is sent to ${webhook.url}, and its delivery log is deleted with it.`}
            confirmLabel="Delete webhook"
            busyLabel="Deleting…"
            onConfirm={async () => {
              await deleteWebhook(webhook.id)
              onChanged()
            }}
          />
        </div>
      </div>
      {error && <Alert>{error}</Alert>}
      <DeliveryLog webhook={webhook} />
    </article>
  )
}
