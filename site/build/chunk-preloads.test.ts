import { describe, expect, it } from 'vitest'
import { chunkPreloadLinks, withChunkPreloads } from './chunk-preloads.ts'

const manifest = {
  'index.html': { file: 'assets/index-a.js', isEntry: true },
  'src/features/legal/privacy-page.tsx': {
    file: 'assets/privacy-page-b.js',
    imports: ['index.html', '_legal-pages-c.js'],
  },
  '_legal-pages-c.js': { file: 'assets/legal-pages-c.js', imports: ['index.html'] },
}

describe("a prerendered page's lazy chunk, preloaded", () => {
  it('names the chunk and what it imports, never the entry the page loads anyway', () => {
    expect(chunkPreloadLinks(manifest, 'src/features/legal/privacy-page.tsx')).toEqual([
      '<link rel="modulepreload" crossorigin href="/assets/privacy-page-b.js">',
      '<link rel="modulepreload" crossorigin href="/assets/legal-pages-c.js">',
    ])
  })

  it('refuses a module the build does not have, rather than preloading nothing', () => {
    expect(() => chunkPreloadLinks(manifest, 'src/missing.tsx')).toThrow('no src/missing.tsx')
  })

  it('puts the links at the end of the head', () => {
    const html =
      '<html><head><script type="module" src="/assets/index-a.js"></script></head><body></body></html>'
    expect(withChunkPreloads(html, ['<link rel="modulepreload" href="/x.js">'])).toBe(
      '<html><head><script type="module" src="/assets/index-a.js"></script><link rel="modulepreload" href="/x.js">\n  </head><body></body></html>',
    )
  })
})
