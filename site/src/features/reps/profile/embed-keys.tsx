import { type FormEvent, useCallback, useEffect, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { EmbedKey, EmbedKeyCreated, EmbedKeyListResponse } from '#core/embed-keys.ts'
import { primaryButtonClass } from '../../../components/button-styles.ts'
import { requestRep } from '../api/rep-client.ts'
import { CopyBlock } from '../detail/copy-block.tsx'
import { ConfirmButton } from '../team/confirm-button.tsx'
import { Alert } from '../ui/alert.tsx'
import { cardClass } from '../ui/field-styles.ts'
import { formatDateTime } from '../ui/format.ts'
import { TextField } from '../ui/text-field.tsx'

const listKeys = (signal: AbortSignal) => requestRep<EmbedKeyListResponse>('embed-keys', { signal })
const makeKey = (label: string) =>
  requestRep<EmbedKeyCreated>('embed-keys', { method: 'POST', json: { label } })
const revokeKey = (id: string) =>
  requestRep<void>(`embed-keys/${encodeURIComponent(id)}`, { method: 'DELETE' })

const messageOf = (failure: unknown) =>
  failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE

/**
 * "WordPress sites": the rep makes a key for each site that uses the WordPress plugin, so the site can
 * pick the rep's prospects from a list instead of typing their links. The key is shown once, when
 * made (only its hash is kept); the list says when each was made and last used, and Revoke (confirmed)
 * stops it at once, for a site that no longer needs it or a key that went astray.
 */
export function EmbedKeys() {
  const [keys, setKeys] = useState<EmbedKey[] | null>(null)
  const [label, setLabel] = useState('')
  const [labelError, setLabelError] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [made, setMade] = useState<EmbedKeyCreated | null>(null)
  const [revoked, setRevoked] = useState<string | null>(null)

  const load = useCallback((signal: AbortSignal) => {
    listKeys(signal).then(
      (answer) => setKeys(answer.keys),
      (failure: unknown) => {
        if (!signal.aborted) setError(messageOf(failure))
      },
    )
  }, [])
  useEffect(() => {
    const controller = new AbortController()
    load(controller.signal)
    return () => controller.abort()
  }, [load])

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    setLabelError(null)
    setRevoked(null)
    try {
      const answer = await makeKey(label)
      setMade(answer)
      setLabel('')
      setKeys((current) => [{ ...answer.key, lastUsedAt: null }, ...(current ?? [])])
    } catch (failure) {
      if (failure instanceof RequestFailure && failure.code === 'bad_request') setLabelError(failure.message)
      else setError(messageOf(failure))
    } finally {
      setBusy(false)
    }
  }

  const revoke = async (key: EmbedKey) => {
    await revokeKey(key.id)
    setKeys((current) => (current ?? []).filter((one) => one.id !== key.id))
    setMade(null)
    setRevoked(`The key for ${key.label} is revoked: that site can no longer list your prospects.`)
  }

  return (
    <section aria-labelledby="embed-keys-heading" className={`${cardClass} space-y-4`}>
      <h2 id="embed-keys-heading" className="text-lg font-bold tracking-tight">
        WordPress sites
      </h2>
      <p className="text-slate-600 dark:text-slate-300">
        A site key lets a WordPress site with our plugin pick your prospects from a list, instead of typing
        their links. Make one for each site and paste it into the plugin's settings (Settings → Voice demo). A
        key can only look up your prospects' names and links; it changes nothing.
      </p>
      <form onSubmit={submit} noValidate className="space-y-4">
        <TextField
          label="Site"
          name="embed-key-label"
          autoComplete="off"
          spellCheck={false}
          value={label}
          onValue={setLabel}
          error={labelError}
          hint="The site's address, so you know which key is whose, e.g. bright-smile.example."
        />
        <button type="submit" className={primaryButtonClass} disabled={busy}>
          {busy ? 'Making the key…' : 'Make a site key'}
        </button>
      </form>
      {error && <Alert>{error}</Alert>}
      {/* Said when it happens; the key to copy sits beside it, outside, with its own Copy news. */}
      <div
        className={
          made
            ? 'space-y-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm dark:border-amber-700 dark:bg-amber-950'
            : ''
        }
      >
        <p role="status" className="font-semibold empty:hidden">
          {made
            ? `Key for ${made.key.label} made. Copy it now and paste it into the plugin's settings: it is shown only this once.`
            : (revoked ?? '')}
        </p>
        {made && <CopyBlock label="Site key" text={made.secret} />}
      </div>
      {keys !== null && keys.length > 0 && (
        <ul aria-label="Your site keys" className="divide-y divide-slate-200 dark:divide-slate-800">
          {keys.map((key) => (
            <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div className="min-w-0">
                <p className="font-semibold break-words">{key.label}</p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  Made {formatDateTime(key.createdAt)} ·{' '}
                  {key.lastUsedAt === null ? 'Not used yet' : `Last used ${formatDateTime(key.lastUsedAt)}`}
                </p>
              </div>
              <ConfirmButton
                label={`Revoke ${key.label}`}
                title={`Revoke the key for ${key.label}?`}
                text="The site stops listing your prospects at once. Demos already on its pages stay. A revoked key cannot be turned back on: make a new one if the site needs it again."
                confirmLabel="Revoke"
                busyLabel="Revoking…"
                onConfirm={() => revoke(key)}
              />
            </li>
          ))}
        </ul>
      )}
      {keys !== null && keys.length === 0 && !made && (
        <p className="text-sm text-slate-600 dark:text-slate-400">No site keys yet.</p>
      )}
    </section>
  )
}
