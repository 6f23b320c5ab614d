import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { getFirstName } from '#core/prospect.ts'
import { checkSchedulingLink } from '#core/prospect-fields.ts'
import { checkRepName, REP_PHOTO_MAX_BYTES, REP_PHOTO_TYPES, type RepProfileResponse } from '#core/rep-api.ts'
import { logoPath } from '#core/website-reading.ts'
import { primaryButtonClass, secondaryButtonClass } from '../../../components/button-styles.ts'
import { getApiUrl } from '../../../lib/api-url.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { getProfile, removeProfilePhoto, saveProfile, uploadProfilePhoto } from '../api/rep-endpoints.ts'
import { SignedInPage } from '../session/signed-in-page.tsx'
import { Alert } from '../ui/alert.tsx'
import { cardClass, fieldErrorClass, hintClass, labelClass, pageTitleClass } from '../ui/field-styles.ts'
import { TextField } from '../ui/text-field.tsx'
import { EmbedKeys } from './embed-keys.tsx'
import { NudgeMail } from './nudge-mail.tsx'

const loadProfile = (_key: string, signal: AbortSignal) => getProfile(signal)

/**
 * Route `/_/profile`: what the rep's prospects see of them beside "Book a call": the name, their own
 * scheduling link (Calendly) and a photo. Without a link, their prospects book the team's.
 */
export function ProfilePage() {
  return (
    <SignedInPage title="Your profile">
      <div className="max-w-2xl space-y-6">
        <div>
          <h1 className={pageTitleClass}>Your profile</h1>
          <p className="mt-2 text-slate-600 dark:text-slate-300">
            Your prospects' pages offer a call with you: they see your name and photo, and book a time in your
            own calendar. Without a scheduling link, they book the team's.
          </p>
        </div>
        <Profile />
        <NudgeMail />
        <EmbedKeys />
      </div>
    </SignedInPage>
  )
}

function Profile() {
  const [version, setVersion] = useState(0)
  const load = useKeyedLoad(`profile#${version}`, loadProfile, { failedMessage: UNAVAILABLE_MESSAGE })
  if (load.status === 'loading' || load.status === 'idle') {
    return (
      <p role="status" className="text-slate-600 dark:text-slate-400">
        Loading your profile…
      </p>
    )
  }
  if (load.status !== 'done') {
    return (
      <div className="space-y-3">
        <Alert>{load.status === 'error' ? load.message : UNAVAILABLE_MESSAGE}</Alert>
        <button type="button" className={secondaryButtonClass} onClick={() => setVersion((n) => n + 1)}>
          Try again
        </button>
      </div>
    )
  }
  return <ProfileForm initial={load.value} />
}

function ProfileForm({ initial }: { initial: RepProfileResponse }) {
  const [answer, setAnswer] = useState(initial)
  const [name, setName] = useState(initial.profile.name)
  const [link, setLink] = useState(initial.profile.schedulingUrl)
  const [errors, setErrors] = useState<{ name?: string | null; link?: string | null }>({})
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)
  const teamHost = answer.schedulerHosts.find((host) => host !== 'calendly.com') ?? null

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setSaved(null)
    setError(null)
    const found = { name: checkRepName(name), link: checkSchedulingLink(link, teamHost) }
    setErrors(found)
    if (found.name || found.link) return
    setBusy(true)
    try {
      const next = await saveProfile({ name: name.trim(), schedulingUrl: link.trim() })
      setAnswer(next)
      setName(next.profile.name)
      setLink(next.profile.schedulingUrl)
      setSaved(
        next.profile.schedulingUrl
          ? 'Saved. Your prospects now book a call in your calendar.'
          : "Saved. Your prospects book the team's calendar until you add your link.",
      )
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
    } finally {
      setBusy(false)
    }
  }

  const firstName = getFirstName(name)
  return (
    <>
      <form onSubmit={submit} noValidate className={`${cardClass} space-y-5`}>
        <TextField
          label="Your name"
          name="name"
          autoComplete="name"
          value={name}
          onValue={setName}
          error={errors.name}
          hint={`Prospects read "Book a call with ${firstName || 'you'}" and your full name beside it.`}
        />
        <TextField
          label="Your scheduling link"
          name="scheduling-link"
          type="url"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
          placeholder="https://calendly.com/your-name/30min"
          value={link}
          onValue={setLink}
          error={errors.link}
          hint={`Your own booking page on ${answer.schedulerHosts.join(' or ')}. Leave it empty to use the team's.`}
        />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButtonClass} disabled={busy}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </div>
        {error && <Alert>{error}</Alert>}
        <p role="status" className="text-sm font-semibold empty:hidden">
          {saved}
        </p>
      </form>
      <PhotoField answer={answer} onChange={setAnswer} name={answer.profile.name} />
    </>
  )
}

/** The photo prospects see: shown, with Choose a photo (PNG, JPEG, WebP or GIF, at most 5 MB) and Remove. */
function PhotoField({
  answer,
  onChange,
  name,
}: {
  answer: RepProfileResponse
  onChange: (answer: RepProfileResponse) => void
  name: string
}) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [status, setStatus] = useState<string | null>(null)
  const photo = answer.profile.photo

  const run = async (work: () => Promise<RepProfileResponse>, done: string) => {
    setBusy(true)
    setError(null)
    setStatus(null)
    try {
      onChange(await work())
      setStatus(done)
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
    } finally {
      setBusy(false)
    }
  }

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    event.target.value = '' // the same file chosen again is a new choice
    if (!file) return
    // Told at once, in words, rather than after sending megabytes the server would refuse.
    if (!(REP_PHOTO_TYPES as readonly string[]).includes(file.type)) {
      setError('Choose a photo saved as PNG, JPEG, WebP or GIF.')
      return
    }
    if (file.size > REP_PHOTO_MAX_BYTES) {
      setError(`This photo is larger than ${REP_PHOTO_MAX_BYTES / 1024 / 1024} MB. Choose a smaller one.`)
      return
    }
    void run(() => uploadProfilePhoto(file), 'Photo saved.')
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={`${cardClass} space-y-3`}>
      <h2 id={`${id}-heading`} className={labelClass}>
        Your photo
      </h2>
      <p className={hintClass}>
        A square crop of it is shown small beside your name. PNG, JPEG, WebP or GIF, at most 5 MB.
      </p>
      <div className="flex flex-wrap items-center gap-4">
        {photo ? (
          <img
            src={getApiUrl(logoPath(photo))}
            alt={name ? `${name}'s photo` : 'Your photo'}
            width={64}
            height={64}
            className="size-16 rounded-full object-cover"
          />
        ) : (
          <span className="flex size-16 items-center justify-center rounded-full bg-slate-100 text-xs text-slate-600 dark:bg-slate-800 dark:text-slate-400">
            No photo
          </span>
        )}
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          accept={REP_PHOTO_TYPES.join(',')}
          className="sr-only"
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={choose}
          disabled={busy}
        />
        <button
          type="button"
          className={`${secondaryButtonClass} px-3 py-2`}
          onClick={() => input.current?.click()}
          disabled={busy}
        >
          {busy ? 'Saving…' : photo ? 'Choose another photo' : 'Choose a photo'}
        </button>
        {photo && (
          <button
            type="button"
            className={`${secondaryButtonClass} px-3 py-2`}
            onClick={() => void run(removeProfilePhoto, 'Photo removed.')}
            disabled={busy}
          >
            Remove<span className="sr-only"> the photo</span>
          </button>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className={fieldErrorClass}>
          {error}
        </p>
      )}
      <p role="status" className="text-sm font-semibold empty:hidden">
        {status}
      </p>
    </section>
  )
}
