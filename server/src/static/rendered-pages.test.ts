import { brotliDecompressSync } from 'node:zlib'
import { expect, it } from 'vitest'
import type { ProspectAnswer } from '../data/prospect-answers.ts'
import { encodePage } from './encoded-files.ts'
import type { SiteRenderer } from './prospect-pages.ts'
import { createRenderedPages, type PageRequest } from './rendered-pages.ts'

const SHELL = {
  etag: 'W/"1"',
  text: '<head><meta name="description" content="x" />\n<title>x</title></head><div id="root"></div>',
}

function answerFor(companyName: string): ProspectAnswer {
  const response = {
    prospect: { slug: 'acme', name: 'Ann', companyName, firstMessage: 'Hi', system: 'S' },
    fallback: false,
    features: { browserCall: true, phoneCall: false, videoCall: false },
  } as unknown as ProspectAnswer['response']
  return { response, json: JSON.stringify(response), etag: '"e"' }
}

function countingRenderer(): SiteRenderer & { calls: number } {
  const renderer = {
    calls: 0,
    renderProspectPage(_pathname: string, { answer }: { answer: ProspectAnswer['response'] }) {
      renderer.calls++
      return `<h1>Hello ${answer.prospect.companyName}</h1>${'<p>pitch</p>'.repeat(200)}`
    },
  }
  return renderer
}

const request = (overrides: Partial<PageRequest>): PageRequest => ({
  answer: answerFor('Acme'),
  slug: 'acme',
  pathname: '/acme',
  shell: SHELL,
  renderer: countingRenderer(),
  productName: 'CallPilot',
  siteUrl: 'https://site.example',
  ...overrides,
})

it('renders a page once per answer, and every request meanwhile gets the same compressed bytes', async () => {
  const pages = createRenderedPages(async () => null, encodePage)
  const renderer = countingRenderer()
  const answer = answerFor('Acme')
  const first = await pages(request({ answer, renderer }))
  const second = await pages(request({ answer, renderer }))
  expect(second).toBe(first)
  expect(renderer.calls).toBe(1)
  const html = new TextDecoder().decode(first.file.identity)
  expect(html).toContain('<div id="root"><h1>Hello Acme</h1>')
  expect(html).toContain('<title>A voice agent built for Acme · CallPilot</title>')
  expect(first.file.br).not.toBeNull()
  expect(brotliDecompressSync(first.file.br as Uint8Array).toString()).toBe(html)

  // A new answer (the cache's next read, or a changed prospect) renders afresh.
  const renamed = await pages(request({ answer: answerFor('Acme Renamed'), renderer }))
  expect(renderer.calls).toBe(2)
  expect(new TextDecoder().decode(renamed.file.identity)).toContain('Hello Acme Renamed')
  // So does another path for the same answer (the canonical URL differs).
  await pages(request({ answer, renderer, pathname: '/acme-2', slug: 'acme-2' }))
  expect(renderer.calls).toBe(3)
})

it('names the prospect’s own picture only where it is served: the edge function’s pages keep the generic one', async () => {
  const pages = createRenderedPages(async () => null, encodePage)
  const answer = answerFor('Acme')
  const html = async (page: Promise<{ file: { identity: Uint8Array } }>) =>
    new TextDecoder().decode((await page).file.identity)
  // The edge function asks without `prospectPicture`: it cannot draw the picture (no sharp on Deno).
  expect(await html(pages(request({ answer })))).toContain(
    '<meta property="og:image" content="https://site.example/og-image.jpg" />',
  )
  // The Node server, which answers /{slug}/preview.png, asks with it; the two are kept apart.
  expect(await html(pages(request({ answer, prospectPicture: true })))).toContain(
    '<meta property="og:image" content="https://site.example/acme/preview.png" />',
  )
})
