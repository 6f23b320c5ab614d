import type { Rolldown } from 'vite'
import { expect, it } from 'vitest'
import { measureFirstPaint } from './first-paint-size.ts'

const chunk = (fileName: string, code: string, extra: Partial<Rolldown.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    code,
    name: fileName,
    isEntry: false,
    imports: [],
    ...extra,
  }) as Rolldown.OutputChunk
const asset = (fileName: string, source: string) =>
  ({ type: 'asset', fileName, source }) as Rolldown.OutputAsset

it('counts the core and its static imports, but not lazy chunks or the legacy loader', () => {
  const size = measureFirstPaint(
    [
      asset('widget.js', 'loader'),
      chunk('widget.mjs', 'core', { isEntry: true, name: 'voice-demo', imports: ['c/shared.js'] }),
      chunk('c/shared.js', 'shared', { imports: ['widget.mjs'] }),
      chunk('c/vapi.js', 'x'.repeat(5000), { imports: ['c/shared.js'] }),
    ],
    'voice-demo',
  )
  expect(size.files).toEqual(['widget.mjs', 'c/shared.js'])
  expect(size.rawBytes).toBe('core'.length + 'shared'.length)
  expect(size.brotliBytes).toBeGreaterThan(0)
  expect(size.brotliBytes).toBeLessThan(100)
})

it('refuses a build without the core', () => {
  expect(() => measureFirstPaint([asset('widget.js', 'x')], 'voice-demo')).toThrow(/voice-demo/)
})
