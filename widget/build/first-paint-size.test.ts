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

it('counts the loader, the core and its static imports, but not lazy chunks', () => {
  const size = measureFirstPaint(
    [
      asset('widget.js', 'loader'),
      chunk('c/core.js', 'core', { isEntry: true, name: 'voice-demo', imports: ['c/shared.js'] }),
      chunk('c/shared.js', 'shared', { imports: ['c/core.js'] }),
      chunk('c/vapi.js', 'x'.repeat(5000), { imports: ['c/shared.js'] }),
    ],
    'widget.js',
    'voice-demo',
  )
  expect(size.files).toEqual(['widget.js', 'c/core.js', 'c/shared.js'])
  expect(size.rawBytes).toBe('loader'.length + 'core'.length + 'shared'.length)
  expect(size.brotliBytes).toBeGreaterThan(0)
  expect(size.brotliBytes).toBeLessThan(100)
})

it('refuses a build without the loader or the core', () => {
  expect(() => measureFirstPaint([asset('widget.js', 'x')], 'widget.js', 'voice-demo')).toThrow(/voice-demo/)
})
