/** A colour a page can paint: the brand colour's rule (core/prospect-fields.ts). */
export const isBrandColour = (value: string): boolean => /^#[0-9a-f]{6}$/i.test(value.trim())

/**
 * A square of the colour, beside its #rrggbb (which says it in words): decorative. A dashed empty
 * square while there is no colour, or none that can be painted.
 */
export function ColourSwatch({ colour, className = 'size-5' }: { colour: string; className?: string }) {
  const paint = isBrandColour(colour)
  return (
    <span
      aria-hidden="true"
      className={`inline-block shrink-0 rounded-md align-middle ${className} ${
        paint
          ? 'ring-1 ring-slate-900/15 dark:ring-white/25'
          : 'border border-dashed border-slate-400 dark:border-slate-500'
      }`}
      style={paint ? { backgroundColor: colour.trim() } : undefined}
    />
  )
}
