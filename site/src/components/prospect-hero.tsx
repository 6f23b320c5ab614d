import type { Prospect } from '#core/prospect.ts'
import { isGeneralDemo } from '#core/prospect-page-text.ts'
import { logoPath } from '#core/website-reading.ts'
import { getApiUrl } from '../lib/api-url.ts'
import { primaryButtonClass } from './button-styles.ts'

interface ProspectHeroProps {
  prospect: Prospect
  /** The link's slug was unknown and the general demo is shown instead. */
  fallback: boolean
}

const ACCENT =
  'bg-gradient-to-r from-indigo-600 to-violet-600 bg-clip-text text-transparent dark:from-indigo-400 dark:to-violet-400'

/**
 * The business's own logo beside its name, from its website (kept on our side, a PNG of at most 256
 * px). A fixed square the size of the line, so the heading is laid out the same before and after it
 * loads (no layout shift); decorative, since the name stands beside it. Its colour rings it.
 */
function BusinessLogo({ logo, color }: { logo: string; color: string | null }) {
  return (
    <img
      src={getApiUrl(logoPath(logo))}
      alt=""
      width={64}
      height={64}
      decoding="async"
      // After the first paint: on a slow phone link its bytes would otherwise share the line with the
      // stylesheet and fonts the heading waits for (the heading, not the logo, is what a visitor reads).
      loading="lazy"
      fetchPriority="low"
      className="mr-[0.25em] inline-block h-[1.1em] w-[1.1em] rounded-lg bg-white object-contain p-[0.08em] align-[-0.2em] ring-2 ring-slate-200 dark:ring-slate-700"
      style={color ? { ['--tw-ring-color' as string]: color } : undefined}
    />
  )
}

/**
 * The personal greeting (the general demo's own words for a visitor we do not know), and a way into
 * the demo at once: on a phone the panel is more than a screen down, so the first screen must offer it.
 * The prospect page shows it, and the reps' form previews it with the values being typed, so what a
 * rep sees is what the prospect will.
 */
export function ProspectHero({ prospect, fallback }: ProspectHeroProps) {
  const general = isGeneralDemo(prospect)
  return (
    <section className="pt-8 pb-10 text-center sm:pt-20 sm:pb-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-balance break-words sm:text-5xl">
        {general ? (
          <>
            Hear what an AI voice agent <span className={ACCENT}>would do for your business</span>
          </>
        ) : (
          <>
            Hey {prospect.name}, here's what I've built for{' '}
            {prospect.brand?.logo && <BusinessLogo logo={prospect.brand.logo} color={prospect.brand.color} />}
            <span className={ACCENT}>{prospect.companyName}</span>
          </>
        )}
      </h1>
      <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600 sm:mt-5 dark:text-slate-300">
        {general
          ? 'It answers every call, qualifies leads and books appointments, around the clock.'
          : 'Custom AI assistant solution tailored for your business needs'}
      </p>
      {fallback && (
        <p className="mx-auto mt-6 w-fit rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">
          We couldn't find a page for that link, so here is our general demo.
        </p>
      )}
      <a href="#demo" className={`${primaryButtonClass} mt-6 sm:mt-8`}>
        {general ? 'Try the demo' : 'Talk to your agent'}
      </a>
    </section>
  )
}
