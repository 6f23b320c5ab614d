import { expect, it } from 'vitest'
import { applyShadowRootFallbacks } from './shadow-root-css.ts'

// The shape Tailwind CSS 4.3 emits for `shadow-lg ring-1` (shortened).
const compiled = [
  '@layer properties{@supports (((-webkit-hyphens:none)) and (not (margin-trim:block))) or ((-moz-orient:inline) ',
  'and (not (color:rgb(from red r g b)))){*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;',
  '--tw-ring-offset-width:0px}}}',
  '@layer utilities{.ring-1{box-shadow:var(--tw-shadow),0 0 0 calc(1px + var(--tw-ring-offset-width))}}',
  '@property --tw-shadow{syntax:"*";inherits:false;initial-value:0 0 #0000}',
  '@property --tw-ring-offset-width{syntax:"<length>";inherits:false;initial-value:0}',
  '@keyframes pulse{50%{opacity:.5}}',
].join('')

it('makes the initial values apply on every element without @supports, and drops @property', () => {
  expect(applyShadowRootFallbacks(compiled)).toBe(
    '@layer properties{*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;--tw-ring-offset-width:0px}}' +
      '@layer utilities{.ring-1{box-shadow:var(--tw-shadow),0 0 0 calc(1px + var(--tw-ring-offset-width))}}' +
      '@keyframes pulse{50%{opacity:.5}}',
  )
})

it('drops the reset of a variable nothing in the sheet reads', () => {
  const unread = compiled.replace(
    '.ring-1{box-shadow:var(--tw-shadow),0 0 0 calc(1px + var(--tw-ring-offset-width))}',
    '.ring-1{box-shadow:var(--tw-shadow)}',
  )
  expect(applyShadowRootFallbacks(unread)).toContain('*,:before,:after,::backdrop{--tw-shadow:0 0 #0000;}')
})

it('leaves CSS that needs no registered properties alone', () => {
  const css = '@layer utilities{.p-6{padding:24px}}'
  expect(applyShadowRootFallbacks(css)).toBe(css)
})

it('fails the build rather than ship broken styles when Tailwind changes its output', () => {
  expect(() => applyShadowRootFallbacks('@property --tw-shadow{syntax:"*";inherits:false}')).toThrow(
    /properties/,
  )
})
