import { AFTER_FIRST_PAINT } from '../../lib/after-first-paint.ts'
import { FeatureIcon, featureCards } from './feature-cards.tsx'

/** `#features`: the product's three promises as cards. */
export function FeaturesSection() {
  return (
    <section
      id="features"
      {...AFTER_FIRST_PAINT}
      tabIndex={-1}
      aria-labelledby="features-heading"
      className="scroll-mt-16 py-20 focus:outline-none sm:py-24"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-semibold tracking-wide text-indigo-600 uppercase dark:text-indigo-400">
            Why it works
          </p>
          <h2
            id="features-heading"
            className="mt-2 text-3xl font-bold tracking-tight text-balance text-slate-900 sm:text-4xl dark:text-white"
          >
            A receptionist that never sleeps
          </h2>
        </div>
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {featureCards.map((card) => (
            <li
              key={card.title}
              className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:shadow-lg motion-reduce:transition-none motion-reduce:hover:translate-y-0 dark:border-slate-800 dark:bg-slate-900"
            >
              <div className="flex size-12 items-center justify-center rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 text-white shadow-md shadow-indigo-600/25">
                <FeatureIcon path={card.icon} />
              </div>
              <h3 className="mt-5 text-lg font-semibold text-slate-900 dark:text-white">{card.title}</h3>
              <p className="mt-2 text-slate-600 dark:text-slate-300">{card.description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
