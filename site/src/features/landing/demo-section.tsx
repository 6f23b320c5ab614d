import { Link } from '../../components/link.tsx'
import { AFTER_FIRST_PAINT } from '../../lib/after-first-paint.ts'

/** `#demo`: the agent is already built; one step to talk to it. */
export function DemoSection() {
  return (
    <section
      id="demo"
      {...AFTER_FIRST_PAINT}
      tabIndex={-1}
      aria-labelledby="demo-heading"
      className="scroll-mt-16 px-4 py-20 focus:outline-none sm:px-6 sm:py-24"
    >
      <div className="relative mx-auto max-w-5xl overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-600 to-violet-700 px-6 py-14 text-center text-white shadow-2xl shadow-indigo-600/20 sm:px-12 sm:py-16">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute -top-24 -right-24 size-72 rounded-full bg-white/10 blur-2xl"
        />
        <p className="relative inline-flex items-center gap-2 rounded-full bg-white/15 px-3 py-1 text-sm font-medium">
          <span className="size-2 rounded-full bg-emerald-300" aria-hidden="true" />
          Live on this site
        </p>
        <h2
          id="demo-heading"
          className="relative mt-5 text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          Your custom AI voice agent is already built
        </h2>
        <p className="relative mx-auto mt-4 max-w-2xl text-lg text-pretty text-indigo-50">
          We have already built a custom AI voice agent for you, and it is available right here on the site.
          Talk to it in your browser or have it call your phone, and hear how it would answer your customers.
        </p>
        <Link
          href="/visitor"
          className="relative mt-8 inline-flex items-center justify-center gap-2 rounded-xl bg-white px-6 py-3 text-sm font-semibold text-indigo-700 shadow-lg shadow-black/10 transition hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Start Your Demo Now
        </Link>
      </div>
    </section>
  )
}
