import {
  PROSPECT_FIELD_LABELS as LABELS,
  PROSPECT_FIELD_RULES,
  type ProspectField,
} from '#core/prospect-fields.ts'
import type { AgentTemplatesState } from '../agent/use-agent-templates.ts'
import { hintClass } from '../ui/field-styles.ts'
import { TextField } from '../ui/text-field.tsx'
import type { FieldBinding } from './agent-fields.tsx'
import { BrandColourField } from './brand-colour-field.tsx'
import type { FormValues } from './form-values.ts'
import { LogoField } from './logo-field.tsx'
import { WebsiteField } from './website-field.tsx'

interface BusinessFieldsProps {
  values: FormValues
  bind: (name: ProspectField) => FieldBinding
  setFields: (changes: Partial<FormValues>) => void
  templates: AgentTemplatesState
  /** Read the website as the form opens ("Refresh from website"). */
  readWebsiteAtOnce: boolean
}

/**
 * The business as its page and agent know it: its website (and Fill from website, which proposes
 * the rest of the form from it), its phone number and its own words, which the agent may give
 * callers, and its logo and colour, which its page shows.
 */
export function BusinessFields({
  values,
  bind,
  setFields,
  templates,
  readWebsiteAtOnce,
}: BusinessFieldsProps) {
  return (
    <fieldset className="border-t border-slate-200 pt-5 dark:border-slate-800">
      <legend className="text-base font-bold tracking-tight">The business</legend>
      <p className={hintClass}>
        All optional. Paste the business's website and choose Fill from website: what the site says is
        proposed for you to check, and nothing changes until you say so.
      </p>
      <div className="mt-5 space-y-5">
        <WebsiteField
          binding={bind('website')}
          values={values}
          setFields={setFields}
          templates={templates}
          readAtOnce={readWebsiteAtOnce}
        />
        <TextField
          label={LABELS.phone}
          {...bind('phone')}
          type="tel"
          autoComplete="off"
          hint="The business's own number, which the agent gives callers who ask how to reach the team."
        />
        <TextField
          label={LABELS.description}
          {...bind('description')}
          rows={3}
          singleLine
          hint={`A sentence or two in the business's own words, at most ${PROSPECT_FIELD_RULES.description.max} characters. The agent may tell callers what it says.`}
        />
        <LogoField binding={bind('logo')} companyName={values.company_name} />
        <BrandColourField binding={bind('theme_color')} />
      </div>
    </fieldset>
  )
}
