/**
 * Marks a part of the landing page that is laid out only after the hero has painted: while <html> has
 * class "hero-first", index.css keeps it out of the layout. Why, and when the class is set and taken
 * off, is in public/theme-init.js. Spread it on the part's root element: `<section {...AFTER_FIRST_PAINT}>`.
 */
export const AFTER_FIRST_PAINT = { 'data-after-first-paint': '' } as const
