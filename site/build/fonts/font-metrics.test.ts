import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readWoff2Metrics } from './woff2-metrics.ts'

const fontFiles = join(
  dirname(createRequire(import.meta.url).resolve('@fontsource/inter/package.json')),
  'files',
)
const css = readFileSync(join(import.meta.dirname, '../../src/fonts.css'), 'utf8')
const fallback = /font-family: "Inter Fallback";([^}]*)\}/.exec(css)?.[1] ?? ''
const percent = (descriptor: string): number => {
  const value = new RegExp(`${descriptor}: ([\\d.]+)%`).exec(fallback)?.[1]
  if (value === undefined) throw new Error(`fonts.css: the fallback face has no ${descriptor}`)
  return Number(value) / 100
}

describe('the fallback face stands where Inter will (no shift when the font swaps in)', () => {
  const sizeAdjust = percent('size-adjust')
  for (const weight of [400, 500, 600, 700, 800]) {
    it(`matches the vertical metrics of Inter ${weight}`, () => {
      const metrics = readWoff2Metrics(readFileSync(join(fontFiles, `inter-latin-${weight}-normal.woff2`)))
      // The overrides apply to the adjusted size, so Inter's own ratio is divided by the adjustment.
      expect(percent('ascent-override')).toBeCloseTo(metrics.ascender / metrics.unitsPerEm / sizeAdjust, 4)
      expect(percent('descent-override')).toBeCloseTo(-metrics.descender / metrics.unitsPerEm / sizeAdjust, 4)
      expect(percent('line-gap-override')).toBe(metrics.lineGap / metrics.unitsPerEm)
    })
  }

  it('names every weight the site uses, each from the package, with swap', () => {
    for (const weight of [400, 500, 600, 700, 800]) {
      expect(css).toContain(
        `font-weight: ${weight};\n  font-display: swap;\n  src: url("@fontsource/inter/files/inter-latin-${weight}-normal.woff2")`,
      )
    }
  })
})
