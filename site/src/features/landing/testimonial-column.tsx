import type { CSSProperties } from 'react'
import type { Testimonial } from './testimonials.ts'
import './testimonials.css'

interface TestimonialColumnProps {
  testimonials: readonly Testimonial[]
  durationSeconds: number
  className?: string
}

/**
 * One auto-scrolling column. The list is rendered twice so the loop has no seam; the copy is hidden
 * from assistive tech (and dropped under reduced motion, where nothing moves).
 */
export function TestimonialColumn({ testimonials, durationSeconds, className = '' }: TestimonialColumnProps) {
  return (
    <div className={`testimonial-column ${className}`}>
      <div
        className="testimonial-track flex flex-col"
        style={{ '--duration': `${durationSeconds}s` } as CSSProperties}
      >
        <ul className="flex flex-col gap-6 pb-6">
          {testimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </ul>
        <ul className="testimonial-copy flex flex-col gap-6 pb-6" aria-hidden="true" inert>
          {testimonials.map((testimonial) => (
            <TestimonialCard key={testimonial.name} testimonial={testimonial} />
          ))}
        </ul>
      </div>
    </div>
  )
}

function TestimonialCard({ testimonial }: { testimonial: Testimonial }) {
  return (
    <li className="w-full max-w-xs rounded-3xl border border-slate-200 bg-white p-7 shadow-lg shadow-indigo-600/5 dark:border-slate-800 dark:bg-slate-900 dark:shadow-black/20">
      <figure>
        <blockquote className="text-slate-700 dark:text-slate-200">{testimonial.text}</blockquote>
        <figcaption className="mt-5 flex items-center gap-3">
          {/* Lazy: the avatars are far below the fold, and an eager image makes React's render put a preload
              of it before the page's content, where nine of them shared a slow link with the document. */}
          <img
            src={testimonial.image}
            alt=""
            width={40}
            height={40}
            loading="lazy"
            className="size-10 rounded-full"
          />
          <span className="flex flex-col">
            <span className="leading-5 font-semibold tracking-tight text-slate-900 dark:text-white">
              {testimonial.name}
            </span>
            <span className="leading-5 text-sm text-slate-600 dark:text-slate-400">{testimonial.role}</span>
          </span>
        </figcaption>
      </figure>
    </li>
  )
}
