import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// The repository stands on its own: code, tests and docs never send a reader to a document a clone
// does not contain (a specification's sections, an issue tracker's numbers, notes kept elsewhere).
// Where code follows a product rule, its comment states the rule and why.

const ROOT = join(import.meta.dirname, '..')
const CITATIONS: RegExp[] = [
  /\bSPEC\b/,
  /§/,
  /\b[Ii]ssue #?\d+/,
  /\bdesign card\b/i,
  /\bARCHITECTURE\.md\b/,
  /\bSTYLE\.md\b/,
  /\.\.\/shared\/[A-Z]+\.md/,
]
const BINARY = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|pdf|zip|gz|br)$/i
const SELF = 'scripts/self-contained.test.ts'

function citationsIn(text: string): number[] {
  return text
    .split('\n')
    .flatMap((line, i) => (CITATIONS.some((pattern) => pattern.test(line)) ? [i + 1] : []))
}

describe('the repository', () => {
  it('recognises each kind of outside citation', () => {
    // Put together here, so that this file's own text cites nothing either.
    const planted = [
      ['see SPEC ', '§5'],
      ['per ', '§3'],
      ['fixed in issue ', '12'],
      ['the design ', 'card'],
      ['ARCHITECTURE', '.md'],
      ['STYLE', '.md'],
      ['../', 'shared/NOTES.md'],
    ].map(([head, tail]) => `${head}${tail}`)
    expect(planted.map((line) => citationsIn(line))).toEqual(planted.map(() => [1]))
    expect(citationsIn('const PROSPECT = 1 // prospects, specs and issues are fine')).toEqual([])
  })

  it('cites nothing outside itself', () => {
    const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: ROOT,
      encoding: 'utf8',
    })
      .split('\n')
      .filter((file) => file && file !== SELF && !BINARY.test(file))
    const found = files.flatMap((file) => {
      let text: string
      try {
        text = readFileSync(join(ROOT, file), 'utf8')
      } catch {
        return [] // listed but deleted in the working tree
      }
      return citationsIn(text).map((line) => `${file}:${line}`)
    })
    expect(found).toEqual([])
  })
})
