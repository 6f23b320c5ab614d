import { useState } from 'react'
import { RequestFailure, UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { describeRefusal } from '#core/ownership.ts'
import type { RepProspectDetail } from '#core/rep-api.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import { changeProspectOwner } from '../api/rep-endpoints.ts'
import { useSignedInRep } from '../session/signed-in-rep.ts'
import { Alert } from '../ui/alert.tsx'

interface OwnerNoticeProps {
  detail: RepProspectDetail
  /** After taking it over: the prospect as the server now has it. */
  onChanged: (detail: RepProspectDetail) => void
}

/**
 * Who owns the prospect, in a line under its name, and what that means for this rep: someone
 * else's is theirs (and admins') to change; one nobody owns can be taken over with one button.
 */
export function OwnerNotice({ detail, onChanged }: OwnerNoticeProps) {
  const rep = useSignedInRep()
  const { rights } = detail
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const { owner } = detail

  const takeOver = async () => {
    if (!rep) return
    setBusy(true)
    setError(null)
    try {
      onChanged(await changeProspectOwner(detail.fields.slug, rep.id))
    } catch (failure) {
      setError(failure instanceof RequestFailure ? failure.message : UNAVAILABLE_MESSAGE)
    } finally {
      setBusy(false)
    }
  }

  // Who owns it; where this rep may neither change nor take it over, the rule's own sentence why.
  let text: string
  if (rights.refusal && !rights.takeOver) text = describeRefusal(rights.refusal)
  else if (owner === null) text = 'Nobody owns this prospect yet.'
  else if (owner.id === rep?.id) text = 'You own this prospect.'
  else text = `Owned by ${owner.email}.`

  return (
    <div className="mt-2 space-y-2">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm break-words text-slate-600 dark:text-slate-300">
        <span>{text}</span>
        {rights.takeOver && (
          <button
            type="button"
            className={`${secondaryButtonClass} px-4 py-2`}
            onClick={takeOver}
            disabled={busy}
          >
            {busy ? 'Taking it over…' : 'Take it over'}
          </button>
        )}
      </p>
      {error && <Alert>{error}</Alert>}
    </div>
  )
}
