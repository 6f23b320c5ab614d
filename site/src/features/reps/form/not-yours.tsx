import { describeRefusal } from '#core/ownership.ts'
import type { RepProspectDetail } from '#core/rep-api.ts'
import { Link } from '../../../components/link.tsx'
import { getProspectPath } from '../rep-paths.ts'
import { pageTitleClass, textLinkClass } from '../ui/field-styles.ts'

/**
 * The edit page of a prospect the rep may not change: whose it is and who can, instead of a form the
 * server would refuse to save. Its page has the rest (and, for one nobody owns, Take it over).
 */
export function NotYours({ detail }: { detail: RepProspectDetail }) {
  const { fields, rights } = detail
  return (
    <div className="max-w-xl space-y-4">
      <h1 className={pageTitleClass}>Edit {fields.company_name}</h1>
      <p className="text-slate-700 dark:text-slate-300">
        {rights.refusal && describeRefusal(rights.refusal)}
      </p>
      <Link href={getProspectPath(fields.slug)} className={textLinkClass}>
        Back to {fields.company_name}
      </Link>
    </div>
  )
}
