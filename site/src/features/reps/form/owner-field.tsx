import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import type { Rep } from '#core/rep-api.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { listReps } from '../api/rep-endpoints.ts'
import { SelectField } from '../ui/select-field.tsx'

const loadReps = (_key: string, signal: AbortSignal) => listReps(signal)

const HINT =
  'Only the owner and admins can change or delete it. Any rep can take over a prospect nobody owns.'
const LOAD_FAILED = 'The list of reps could not be loaded. Reload the page to choose another owner.'

/** The select's value for nobody: a rep's id is never empty. */
const NOBODY = ''

interface OwnerFieldProps {
  /** The chosen owner's id; null: nobody. */
  value: string | null
  onChange: (ownerId: string | null) => void
  /** The owner the prospect has now, listed even if disabled or not among the reps loaded. */
  current: Rep | null
}

/**
 * "Owner", for an admin: any enabled rep, or nobody (then any rep may take it over). A disabled rep
 * who owns the prospect now stays listed, marked, so the select shows the truth; the server refuses
 * giving a prospect to a disabled rep. Reps see no such field: what they create is theirs.
 */
export function OwnerField({ value, onChange, current }: OwnerFieldProps) {
  const reps = useKeyedLoad('reps', loadReps, { failedMessage: UNAVAILABLE_MESSAGE })
  const listed = reps.status === 'done' ? reps.value.reps : []
  const enabled = listed.filter((rep) => !rep.disabled)
  const currentMissing = current !== null && !enabled.some((rep) => rep.id === current.id)
  const currentDisabled = listed.some((rep) => rep.id === current?.id && rep.disabled)
  return (
    <SelectField
      label="Owner"
      name="owner"
      value={value ?? NOBODY}
      onValue={(id) => onChange(id === NOBODY ? null : id)}
      hint={reps.status === 'error' ? LOAD_FAILED : HINT}
    >
      <option value={NOBODY}>Nobody</option>
      {currentMissing && (
        <option value={current.id}>
          {current.email}
          {currentDisabled ? ' (disabled)' : ''}
        </option>
      )}
      {enabled.map((rep) => (
        <option key={rep.id} value={rep.id}>
          {rep.email}
        </option>
      ))}
      {/* An owner chosen before the list loaded (the admin themselves, for a new prospect). */}
      {value !== null && value !== current?.id && !enabled.some((rep) => rep.id === value) && (
        <option value={value}>{reps.status === 'loading' ? 'Loading…' : 'Another rep'}</option>
      )}
    </SelectField>
  )
}
