import { afterEach, expect, it, vi } from 'vitest'
import { matchFont, PANEL_FONTS } from './match-fonts.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

it("looks each font up in the stylesheet's own stack, measuring a letter on one canvas", () => {
  const looked: string[] = []
  const canvas = {
    set font(value: string) {
      looked.push(value)
    },
    measureText: vi.fn(),
  }
  const getContext = vi
    .spyOn(HTMLCanvasElement.prototype, 'getContext')
    .mockReturnValue(canvas as unknown as CanvasRenderingContext2D)

  for (const font of PANEL_FONTS) matchFont(font)

  const stack =
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif'
  expect(looked).toEqual(PANEL_FONTS.map((font) => `${font} ${stack}`))
  expect(canvas.measureText).toHaveBeenCalledTimes(PANEL_FONTS.length)
  expect(getContext).toHaveBeenCalledOnce()
})
