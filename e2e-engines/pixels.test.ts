import assert from 'node:assert/strict'
import { describe, it } from 'node:test'
import { PNG } from 'pngjs'
import { diffPngs, STRAY_PIXELS } from './pixels.ts'

/**
 * The comparison the engines' "unchanged" checks rest on: a lone repainted pixel passes, while a
 * focus ring, a moved box or another size fails.
 */

const WIDTH = 60
const HEIGHT = 40

/** A white picture with a grey 20×10 box at (left, top), plus any pixels to paint black. */
function picture(left: number, top: number, paint: [number, number][] = []): Buffer {
  const png = new PNG({ width: WIDTH, height: HEIGHT })
  for (let y = 0; y < HEIGHT; y++)
    for (let x = 0; x < WIDTH; x++) {
      const inBox = x >= left && x < left + 20 && y >= top && y < top + 10
      const value = inBox ? 120 : 255
      png.data.set([value, value, value, 255], (y * WIDTH + x) * 4)
    }
  for (const [x, y] of paint) png.data.set([0, 0, 0, 255], (y * WIDTH + x) * 4)
  return PNG.sync.write(png)
}

/** The box's 1 px outline, as a focus ring would draw it around the box. */
function ring(left: number, top: number): [number, number][] {
  const pixels: [number, number][] = []
  for (let x = left - 1; x <= left + 20; x++) pixels.push([x, top - 1], [x, top + 10])
  for (let y = top; y < top + 10; y++) pixels.push([left - 1, y], [left + 20, y])
  return pixels
}

describe('comparing two screenshots', () => {
  it('finds the same picture the same', () => {
    assert.deepEqual(diffPngs(picture(10, 10), picture(10, 10)), {
      same: true,
      sizes: `${WIDTH}×${HEIGHT} → ${WIDTH}×${HEIGHT}`,
      differing: 0,
      box: null,
    })
  })

  it(`lets up to ${STRAY_PIXELS} lone pixels differ, and says where`, () => {
    const diff = diffPngs(picture(10, 10), picture(10, 10, [[45, 30]]))
    assert.equal(diff.same, true)
    assert.equal(diff.differing, 1)
    assert.deepEqual(diff.box, { left: 45, top: 30, right: 45, bottom: 30 })
  })

  it('sees a focus ring, a box moved by one pixel and another size', () => {
    assert.equal(diffPngs(picture(10, 10), picture(10, 10, ring(10, 10))).same, false)
    assert.equal(diffPngs(picture(10, 10), picture(11, 10)).same, false)
    const other = new PNG({ width: WIDTH + 1, height: HEIGHT })
    assert.deepEqual(diffPngs(picture(10, 10), PNG.sync.write(other)).differing, -1)
  })
})
