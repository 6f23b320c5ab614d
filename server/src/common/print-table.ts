/** Columns padded to their widest cell; the last one is not padded. */
export function printTable(out: (line: string) => void, rows: readonly string[][]): void {
  const widths = rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? []
  for (const row of rows) {
    out(row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '))
  }
}
