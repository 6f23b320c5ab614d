import { describe, expect, it } from 'vitest'
import { decodeCsvBytes, NOT_UTF8_MESSAGE } from './decode-csv-bytes.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)
/** Text with each `\xNN` in it as that one byte, as a file saved in another encoding holds it. */
const bytesOf = (...parts: (string | number)[]) =>
  Uint8Array.from(parts.flatMap((part) => (typeof part === 'number' ? [part] : [...utf8(part)])))

const LATIN1_E_ACUTE = 0xe9

describe('decodeCsvBytes', () => {
  it('reads UTF-8 text, accents and all, and drops a byte order mark at the start', () => {
    expect(decodeCsvBytes(utf8('slug,name\nacme,José Núñez\n'))).toEqual({
      text: 'slug,name\nacme,José Núñez\n',
    })
    expect(decodeCsvBytes(bytesOf(0xef, 0xbb, 0xbf, 'slug\n'))).toEqual({ text: 'slug\n' })
  })

  it('names the first line that is not UTF-8, counting LF, CRLF and CR line ends as the CSV reader does', () => {
    const latin1 = bytesOf('slug,name\r\nacme,Ann\r\ncafe,Ren', LATIN1_E_ACUTE, '\r\nlast,Bo', LATIN1_E_ACUTE)
    expect(decodeCsvBytes(latin1)).toEqual({ problem: { line: 3, message: NOT_UTF8_MESSAGE } })
    expect(decodeCsvBytes(bytesOf('a\rb\nc\r\n"d', LATIN1_E_ACUTE, '"'))).toEqual({
      problem: { line: 4, message: NOT_UTF8_MESSAGE },
    })
  })

  it('refuses a sequence cut short before a line end, and a UTF-16 file at its first line', () => {
    expect(decodeCsvBytes(bytesOf('a\nb', 0xc3, '\nc'))).toEqual({
      problem: { line: 2, message: NOT_UTF8_MESSAGE },
    })
    const utf16 = Uint8Array.from([0xff, 0xfe, ...[...'slug'].flatMap((char) => [char.charCodeAt(0), 0])])
    expect(decodeCsvBytes(utf16)).toEqual({ problem: { line: 1, message: NOT_UTF8_MESSAGE } })
  })
})
