import { expect, it } from 'vitest'
import { createEmbedSnippet } from './embed-snippet.ts'

it('keeps every value inside its attribute', () => {
  const snippet = createEmbedSnippet({ scriptUrl: 'https://x/"><script>', slug: 'acme', apiBase: 'a&"b' })
  expect(snippet).toBe(
    '<script type="module" async src="https://x/&quot;&gt;&lt;script&gt;"></script>\n' +
      '<voice-demo slug="acme" api-base="a&amp;&quot;b"></voice-demo>',
  )
})
