import { expect, it } from 'vitest'
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
