import { AFTER_FIRST_PAINT } from '../../lib/after-first-paint.ts'
import { TestimonialColumn } from './testimonial-column.tsx'
import { columnDurations, testimonialColumns } from './testimonials.ts'

// Column 2 appears from md, column 3 from lg.
const columnVisibility = ['', 'hidden md:block', 'hidden lg:block']

/** `#testimonials`: three columns that drift upwards, faded in at the edges. */
export function TestimonialsSection() {
  return (
    <section
      id="testimonials"
      {...AFTER_FIRST_PAINT}
      tabIndex={-1}
      aria-labelledby="testimonials-heading"
      className="scroll-mt-16 bg-slate-50 py-20 focus:outline-none sm:py-24 dark:bg-slate-900/40"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <div className="mx-auto max-w-xl text-center">
          <p className="inline-block rounded-full border border-slate-200 px-3 py-1 text-sm font-medium text-slate-600 dark:border-slate-700 dark:text-slate-300">
            Testimonials
          </p>
          <h2
            id="testimonials-heading"
            className="mt-4 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
          >
            What our users say
          </h2>
          <p className="mt-4 text-slate-600 dark:text-slate-300">
            Clinics, restaurants, agencies and studios that stopped missing calls.
          </p>
        </div>
        <div className="mt-12 flex max-h-[740px] justify-center gap-6 overflow-hidden [mask-image:linear-gradient(to_bottom,transparent,black_20%,black_80%,transparent)] motion-reduce:max-h-none motion-reduce:[mask-image:none]">
          {testimonialColumns.map((column, index) => (
            <TestimonialColumn
              key={column[0]?.name ?? index}
              testimonials={column}
              durationSeconds={columnDurations[index] ?? 15}
              className={columnVisibility[index] ?? ''}
            />
          ))}
        </div>
      </div>
    </section>
  )
}
