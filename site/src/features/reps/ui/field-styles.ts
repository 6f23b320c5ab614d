/**
 * A text field in the site's look, with an error state driven by `aria-invalid`: a text area's as is;
 * one-line fields and selects take `inputClass` and `selectClass` below.
 */
export const fieldClass =
  'block w-full min-w-0 rounded-xl border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm ' +
  'placeholder:text-slate-500 focus-visible:border-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-indigo-600 ' +
  'aria-invalid:border-red-600 dark:border-slate-600 dark:bg-slate-950 dark:text-white dark:placeholder:text-slate-400 ' +
  'dark:focus-visible:border-indigo-400 dark:focus-visible:outline-indigo-400 dark:aria-invalid:border-red-400'

/**
 * A one-line text field: the height is set, and shared with selects (below), so a text field and a
 * select side by side line up whatever each browser makes of a control's line height.
 */
export const inputClass = `${fieldClass} h-11.5`

/**
 * A native select like the text fields beside it: their height, and an arrow of our own (index.css,
 * `.field-arrow`) in room kept for it on the right, where the browser's own arrow would sit on the
 * text of a narrow select (a phone's "Sort by").
 */
export const selectClass = `${inputClass} field-arrow appearance-none pr-10`

export const labelClass = 'block text-sm font-semibold text-slate-900 dark:text-white'

/** A panel of the page: one card per step. */
export const cardClass =
  'rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900'

/** Help under a field, tied to it with aria-describedby. */
export const hintClass = 'mt-1 text-sm break-words text-slate-600 dark:text-slate-400'

/** What is wrong with a field, under it, tied to it with aria-describedby. */
export const fieldErrorClass = 'mt-1 text-sm break-words text-red-700 dark:text-red-400'

/** A page's one heading. */
export const pageTitleClass = 'text-2xl font-bold tracking-tight break-words sm:text-3xl'

/** A link in running text. */
export const textLinkClass =
  'rounded font-semibold text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 dark:text-indigo-300'
