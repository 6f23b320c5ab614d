/**
 * A value made safe to open in a spreadsheet: one that starts with `=`, `+`, `-`, `@`, a tab or a
 * carriage return would run as a formula (`=HYPERLINK(…)`, `+cmd|…`, `@SUM(…)`), so it gets a leading
 * apostrophe, which spreadsheets show as text and do not run. Every CSV written for people to open
 * (the server's and the site's) passes what people typed through here.
 */
export const neutralizeFormula = (value: string): string => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value)
