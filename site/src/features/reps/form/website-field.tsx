import { useEffect, useRef } from 'react'
import { PROSPECT_FIELD_LABELS as LABELS } from '#core/prospect-fields.ts'
import { secondaryButtonClass } from '../../../components/button-styles.ts'
import type { AgentTemplatesState } from '../agent/use-agent-templates.ts'
import { Alert } from '../ui/alert.tsx'
import { FieldFrame } from '../ui/field-frame.tsx'
import { inputClass } from '../ui/field-styles.ts'
import type { FieldBinding } from './agent-fields.tsx'
import type { FormValues } from './form-values.ts'
import { useWebsiteReading } from './use-website-reading.ts'
import { WebsiteProposals } from './website-proposals.tsx'

interface WebsiteFieldProps {
  binding: FieldBinding
  values: FormValues
  setFields: (changes: Partial<FormValues>) => void
  templates: AgentTemplatesState
  /** Read the website as the form opens ("Refresh from website" on the prospect's page). */
  readAtOnce: boolean
}

const buttonClass = `${secondaryButtonClass} shrink-0 disabled:cursor-not-allowed disabled:opacity-60`

/**
 * The website, with "Fill from website" beside it: the site is read, while a status line says so
 * and Cancel stops it; then what it proposes is shown under the field to accept detail by detail, or
 * why it could not be read. Focus follows the rep's own steps: to Cancel, then to the proposals (or
 * back to the button), and back to the button once they are used or dismissed.
 */
export function WebsiteField({ binding, values, setFields, templates, readAtOnce }: WebsiteFieldProps) {
  const { state, news, start, cancel, close } = useWebsiteReading()
  const fillRef = useRef<HTMLButtonElement>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const headingRef = useRef<HTMLHeadingElement>(null)
  // Focus moves only after the rep's own click, and only if it was not taken elsewhere meanwhile.
  const followFocus = useRef(false)
  const website = values.website

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once, as the form opens
  useEffect(() => {
    if (readAtOnce && website.trim() !== '') start(website)
  }, [])

  useEffect(() => {
    if (!followFocus.current) return
    if (state.status === 'reading') {
      cancelRef.current?.focus()
      return
    }
    followFocus.current = false
    const lost = document.activeElement === null || document.activeElement === document.body
    if (!lost) return
    if (state.status === 'done') headingRef.current?.focus()
    else fillRef.current?.focus()
  }, [state.status])

  const fill = () => {
    followFocus.current = true
    start(website)
  }
  // Fill is still disabled here: it is focused once it is back (the effect above).
  const stop = () => {
    followFocus.current = true
    cancel()
  }
  const finish = (changes: Partial<FormValues>) => {
    setFields(changes)
    close(Object.keys(changes).length)
    fillRef.current?.focus()
  }
  const dismiss = () => {
    close(0)
    fillRef.current?.focus()
  }
  const reading = state.status === 'reading'
  // A failure belongs to the address read: typing another one takes it away.
  const failure = state.status === 'failed' && state.website === website ? state.message : null

  return (
    <div className="space-y-3">
      <FieldFrame
        label={LABELS.website}
        hint="The business's own site. The agent gives it to callers for more information, and Fill from website reads it to propose the details below."
        status={news}
        error={binding.error}
      >
        {(control) => (
          <div className="mt-1.5 flex flex-col gap-2 sm:flex-row">
            <input
              {...control}
              className={`${inputClass} sm:flex-1`}
              name={binding.name}
              value={binding.value}
              onChange={(event) => binding.onValue(event.target.value)}
              inputMode="url"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
            <button
              ref={fillRef}
              type="button"
              className={buttonClass}
              disabled={reading || website.trim() === ''}
              onClick={fill}
            >
              {reading ? 'Reading…' : 'Fill from website'}
            </button>
            {reading && (
              <button ref={cancelRef} type="button" className={buttonClass} onClick={stop}>
                Cancel
              </button>
            )}
          </div>
        )}
      </FieldFrame>
      {failure && <Alert>{failure}</Alert>}
      {state.status === 'done' && (
        <WebsiteProposals
          reading={state.reading}
          values={values}
          templates={templates}
          onUse={finish}
          onDismiss={dismiss}
          headingRef={headingRef}
        />
      )}
    </div>
  )
}
