import { BusinessLogo, LOGO_ID } from '../ui/business-logo.tsx'

/**
 * A row's small picture of the business: its logo, or the company's initial on a neutral square of
 * the same size, so rows line up whether or not a business has one. Decorative: the company's name
 * stands beside it. Loaded lazily: a page of fifty rows asks only for the logos in view. At the top of
 * the row's first line, out of its baseline, which the company's name gives.
 */
export function CompanyMark({ logo, companyName }: { logo: string | null; companyName: string }) {
  if (logo !== null && LOGO_ID.test(logo)) {
    return <BusinessLogo logo={logo} size={24} alt="" className="size-6 self-start" lazy />
  }
  return (
    <span
      aria-hidden="true"
      className="inline-flex size-6 shrink-0 self-start items-center justify-center rounded-md bg-slate-200 text-xs font-bold text-slate-700 dark:bg-slate-700 dark:text-slate-200"
    >
      {getInitial(companyName)}
    </span>
  )
}

/** The first letter or digit of the name, in capitals ("Ölkaupa" → "Ö"); a dot when it has none. */
const getInitial = (name: string): string => /[\p{L}\p{N}]/u.exec(name)?.[0]?.toLocaleUpperCase() ?? '·'
