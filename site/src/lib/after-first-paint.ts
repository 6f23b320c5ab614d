/**
 * Marks a part of the landing page that is laid out only after the hero has painted. On a slow phone,
 * laying out everything below the hero took about a third of the time before the first paint, for
 * content nobody sees yet: public/theme-init.js puts class "hero-first" on <html> before the first
 * paint and takes it off at the first contentful paint (or the load event), and index.css keeps the
 * marked parts out of the layout meanwhile. The parts are in the HTML all along, for visitors without
 * JavaScript and for search engines. Spread it on the part's root element: `<section {...AFTER_FIRST_PAINT}>`.
 */
export const AFTER_FIRST_PAINT = { 'data-after-first-paint': '' } as const
