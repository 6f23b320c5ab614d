import { useId } from 'react'
import { UNAVAILABLE_MESSAGE } from '#core/api-error.ts'
import { useKeyedLoad } from '../../../lib/use-keyed-load.ts'
import { listReps } from '../api/rep-endpoints.ts'
import { labelClass, selectClass } from '../ui/field-styles.ts'

const loadReps = (_key: string, signal: AbortSignal) => listReps(signal)

/**
 * "Owner": the rep's own (`me`), everyone's (`all`), or one rep's (from `GET reps`). Should the list
 * of reps fail to load, All and Mine still work, and the select says why the others are missing.
 */
export function OwnerFilter({ value, onChange }: { value: string; onChange: (owner: string) => void }) {
  const reps = useKeyedLoad('reps', loadReps, { failedMessage: UNAVAILABLE_MESSAGE })
  const id = useId()
  const known = reps.status === 'done' ? reps.value.reps : []
  const unknownValue = value !== 'all' && value !== 'me' && !known.some((rep) => rep.id === value)
  return (
    <div className="min-w-0 flex-1 basis-36 sm:flex-none">
      <label htmlFor={id} className={labelClass}>
        Owner
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${selectClass} mt-1.5 sm:w-56`}
      >
        <option value="all">All reps</option>
        <option value="me">Mine</option>
        {known.map((rep) => (
          <option key={rep.id} value={rep.id}>
            {rep.email}
            {rep.disabled ? ' (disabled)' : ''}
          </option>
        ))}
        {/* An owner from the address the list of reps does not hold (yet): still shown, never dropped. */}
        {unknownValue && (
          <option value={value}>{reps.status === 'loading' ? 'Loading…' : 'Another rep'}</option>
        )}
        {reps.status === 'error' && (
          <option disabled value="-">
            Other reps could not be loaded
          </option>
        )}
      </select>
    </div>
  )
}
