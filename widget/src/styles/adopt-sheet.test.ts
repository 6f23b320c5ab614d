import { expect, it, vi } from 'vitest'
import { createSheetAdopter } from './adopt-sheet.ts'

const shadowRoot = () => document.createElement('div').attachShadow({ mode: 'open' })

it("adds a lazy part's sheet once to each root, after the sheets already there, and shares it between roots", () => {
  const adopt = createSheetAdopter('.phone-dialog { color: red; }')
  const core = new CSSStyleSheet()
  const first = shadowRoot()
  first.adoptedStyleSheets = [core]
  const second = shadowRoot()

  adopt(first)
  adopt(first) // the dialog rendered again
  adopt(second)

  expect(first.adoptedStyleSheets).toHaveLength(2)
  expect(first.adoptedStyleSheets[0]).toBe(core)
  const [, lazy] = first.adoptedStyleSheets
  expect(second.adoptedStyleSheets).toEqual([lazy])
  expect(second.adoptedStyleSheets[0]).toBe(lazy) // parsed once for the page
  expect([...(lazy?.cssRules ?? [])].map((rule) => rule.cssText).join('')).toContain('.phone-dialog')
})

it('only parses when given no root, and adopts the same sheet into roots later', () => {
  const parse = vi.spyOn(CSSStyleSheet.prototype, 'replaceSync')
  const adopt = createSheetAdopter('.panel { color: red; }')
  adopt() // the boot parses in a task of its own, before any element exists
  expect(parse).toHaveBeenCalledOnce()
  const root = shadowRoot()
  adopt(root)
  expect(parse).toHaveBeenCalledOnce()
  expect(root.adoptedStyleSheets).toHaveLength(1)
  parse.mockRestore()
})
