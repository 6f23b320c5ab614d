import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'
import {
  createEmbedSnippet,
  createVideoButtonSnippet,
  PANEL_SPACE_CSS,
  VIDEO_IN_FLOW_CSS,
  VIDEO_SPACE_CSS,
} from './embed-snippet.ts'

it('keeps every value inside its attribute', () => {
  const snippet = createEmbedSnippet({ scriptUrl: 'https://x/"><script>', slug: 'acme', apiBase: 'a&"b' })
  expect(snippet).toBe(
    `<style>${PANEL_SPACE_CSS}</style>\n` +
      '<script type="module" async src="https://x/&quot;&gt;&lt;script&gt;"></script>\n' +
      '<voice-demo slug="acme" api-base="a&amp;&quot;b"></voice-demo>',
  )
})

// Vitest runs from the repository root. The guide's snippet, our partner demo and the site reserve the
// panel's space with the very line reps copy (e2e/layout-shift.spec.ts measures that it holds).
it.each(['docs/embedding.md', 'embed-demo/index.html', 'embed-demo/neutral.html', 'site/src/index.css'])(
  'is the line %s reserves the panel with',
  (path) => {
    // Whitespace aside: a formatter may lay the rules out over several lines.
    const squeeze = (css: string) => css.replace(/\s+/g, '').replaceAll(';}', '}')
    expect(squeeze(readFileSync(path, 'utf8'))).toContain(squeeze(PANEL_SPACE_CSS))
  },
)

it('puts the video call button in the flow, its values inside their attributes', () => {
  expect(createVideoButtonSnippet({ slug: 'acme', apiBase: '"><b>' })).toBe(
    `<style>${VIDEO_IN_FLOW_CSS}</style>\n<voice-video-call slug="acme" api-base="&quot;&gt;&lt;b&gt;"></voice-video-call>`,
  )
  // The guide gives builders the same lines.
  expect(readFileSync('docs/embedding.md', 'utf8')).toContain(VIDEO_IN_FLOW_CSS)
  expect(readFileSync('docs/embedding.md', 'utf8')).toContain(VIDEO_SPACE_CSS)
})
