import type { CSSProperties } from 'react'
import { AFTER_FIRST_PAINT } from '../../lib/after-first-paint.ts'
import { AnimatedGrid } from './animated-grid.tsx'
import { InlineScheduler } from './scheduling/inline-scheduler.tsx'
import { useEntrance } from './use-entrance.ts'

/**
 * The section's words enter one after another, within a third of a second, so the eye follows them in
 * order. The booking card takes no part: a visitor who came here to book sees it at once.
 */
const ENTRANCE_DELAYS = [0, 0.1, 0.2, 0.3] as const

const stage = (index: number) => ({
  className: 'contact-stage',
  style: { '--delay': `${ENTRANCE_DELAYS[index] ?? 0}s` } as CSSProperties,
})

/** `#contact`: book the 15-minute intro call, over a drifting grid. */
export function ContactSection() {
  const { ref, stageProps } = useEntrance<HTMLElement>()
  return (
    <section
      ref={ref}
      id="contact"
      {...AFTER_FIRST_PAINT}
      tabIndex={-1}
      aria-labelledby="contact-heading"
      className="relative scroll-mt-16 overflow-hidden py-20 focus:outline-none sm:py-24"
      {...stageProps}
    >
      <AnimatedGrid />
      <div className="relative mx-auto max-w-4xl px-4 text-center sm:px-6">
        <p {...stage(0)}>
          <span className="inline-block rounded-full border border-indigo-100 bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-700 dark:border-indigo-500/30 dark:bg-indigo-500/10 dark:text-indigo-300">
            Free 15-minute intro call
          </span>
        </p>
        <h2 id="contact-heading" {...stage(1)}>
          <span className="mt-4 block text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white">
            Ready to Get Started?
          </span>
        </h2>
        <p {...stage(2)}>
          <span className="mx-auto mt-4 block max-w-2xl text-lg text-pretty text-slate-600 dark:text-slate-300">
            Pick a time that suits you. We will walk you through an agent built for your business and answer
            every question, in fifteen minutes.
          </span>
        </p>
        <div className="mt-10 text-left">
          <InlineScheduler />
        </div>
        <p {...stage(3)}>
          <span className="mt-6 block text-sm text-slate-600 dark:text-slate-400">
            No commitment. Most agents go live within a week.
          </span>
        </p>
      </div>
    </section>
  )
}
