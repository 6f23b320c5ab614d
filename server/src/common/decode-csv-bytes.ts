/** A file that is not UTF-8 text: the first line with bytes that are not, and what to do. */
export interface CsvEncodingProblem {
  line: number
  message: string
}

export type DecodedCsv = { text: string } | { problem: CsvEncodingProblem }

export const NOT_UTF8_MESSAGE = 'not UTF-8 text (save the file as "CSV UTF-8")'

const LF = 0x0a
const CR = 0x0d

/**
 * A CSV file's bytes as text, or the first line that is not UTF-8. Spreadsheets still save "CSV" in
 * an older encoding (Windows-1252, Mac Roman), whose accented letters would otherwise be read as
 * replacement characters and stored so, quietly. A UTF-8 byte order mark at the start is dropped.
 * Lines end as the CSV reader counts them (LF, CRLF or CR); those bytes never occur inside a UTF-8
 * sequence, so each line can be checked on its own.
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) }
  } catch {
    return { problem: { line: findFirstBadLine(bytes), message: NOT_UTF8_MESSAGE } }
  }
}

function findFirstBadLine(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let line = 1
  let start = 0
  for (let i = 0; i <= bytes.length; i++) {
    const byte = bytes[i]
    if (i < bytes.length && byte !== LF && byte !== CR) continue
    try {
      decoder.decode(bytes.subarray(start, i))
    } catch {
      return line
    }
    if (byte === CR && bytes[i + 1] === LF) i += 1
    start = i + 1
    line += 1
  }
  return line - 1 // not reached for bytes the whole-file decoder refused
}
