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
/** Each "Inter Fallback" face: the weights it stands in for, and its descriptors. */
const fallbacks = [...css.matchAll(/font-family: "Inter Fallback";([^}]*)\}/g)].map(([, body = '']) => {
  const percent = (descriptor: string): number => {
    const value = new RegExp(`${descriptor}: ([\\d.]+)%`).exec(body)?.[1]
    if (value === undefined) throw new Error(`fonts.css: a fallback face has no ${descriptor}`)
    return Number(value) / 100
  }
  const [, low, high = low] = /font-weight: (\d+)(?: (\d+))?;/.exec(body) ?? []
  return { low: Number(low), high: Number(high), percent }
})
const SITE_WEIGHTS = [400, 500, 600, 700, 800]

describe('the fallback faces stand where Inter will (no shift when the font swaps in)', () => {
  for (const weight of SITE_WEIGHTS) {
    it(`Inter ${weight} has one fallback face, with Inter ${weight}'s vertical metrics`, () => {
      const faces = fallbacks.filter((face) => face.low <= weight && weight <= face.high)
      expect(faces).toHaveLength(1)
      const [face] = faces
      if (!face) return
      const metrics = readWoff2Metrics(readFileSync(join(fontFiles, `inter-latin-${weight}-normal.woff2`)))
      // The overrides apply to the adjusted size, so Inter's own ratio is divided by the adjustment.
      const sizeAdjust = face.percent('size-adjust')
      // The ascent at or just above Inter's (at most 0.03 % more: fonts.css says why).
      const ascent = metrics.ascender / metrics.unitsPerEm / sizeAdjust
      expect(face.percent('ascent-override')).toBeGreaterThanOrEqual(ascent)
      expect(face.percent('ascent-override')).toBeLessThan(ascent + 0.0003)
      expect(face.percent('descent-override')).toBeCloseTo(
        -metrics.descender / metrics.unitsPerEm / sizeAdjust,
        4,
      )
      expect(face.percent('line-gap-override')).toBe(metrics.lineGap / metrics.unitsPerEm)
    })
  }

  it('names every weight the site uses, each from the package, with swap', () => {
    for (const weight of SITE_WEIGHTS) {
      expect(css).toContain(
        `font-weight: ${weight};\n  font-display: swap;\n  src: url("@fontsource/inter/files/inter-latin-${weight}-normal.woff2")`,
      )
    }
  })
})
