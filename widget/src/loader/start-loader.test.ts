import { describe, expect, it, vi } from 'vitest'
import { findLoaderUrl, startLoader } from './start-loader.ts'

/** A parsed document: its scripts never run or load, and currentScript can be set by hand. */
function createDocument(html: string, currentScriptSrc?: string): Document {
  const doc = new DOMParser().parseFromString(`<!doctype html><html><body>${html}</body></html>`, 'text/html')
  const current = currentScriptSrc
    ? Object.assign(doc.createElement('script'), { src: currentScriptSrc })
    : null
  Object.defineProperty(doc, 'currentScript', { value: current })
  return doc
}

describe('findLoaderUrl', () => {
  it('prefers document.currentScript', () => {
    const doc = createDocument(
      '<script src="https://other.example/widget.js"></script>',
      'https://cdn.example/widget.js',
    )
    expect(findLoaderUrl(doc)).toBe('https://cdn.example/widget.js')
  })

  it('falls back to the last script whose path ends in widget.js, query string allowed', () => {
    const doc = createDocument(
      '<script src="https://a.example/widget.js"></script>' +
        '<script src="https://b.example/x/widget.js?v=2"></script>' +
        '<script src="https://c.example/mywidget.js"></script>',
    )
    expect(findLoaderUrl(doc)).toBe('https://b.example/x/widget.js?v=2')
  })
})

describe('startLoader', () => {
  it("imports the core from beside widget.js, not from the host page's origin", async () => {
    const importModule = vi.fn(async () => ({}))
    await startLoader(
      createDocument('', 'https://cdn.example/v1/widget.js'),
      'widget-chunks/core-abc.js',
      importModule,
    )
    expect(importModule).toHaveBeenCalledWith('https://cdn.example/v1/widget-chunks/core-abc.js')
  })

  it('warns with the product prefix instead of throwing when the core fails to load', async () => {
    const warn = vi.fn()
    const failing = vi.fn(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')))
    await expect(
      startLoader(createDocument('', 'https://cdn.example/widget.js'), 'c.js', failing, warn),
    ).resolves.toBeUndefined()
    expect(warn).toHaveBeenCalledWith('[voice-demo] the widget failed to load.', expect.any(TypeError))

    const throwing = () => {
      throw new Error('import() is not supported')
    }
    await startLoader(createDocument('', 'https://cdn.example/widget.js'), 'c.js', throwing, warn)
    expect(warn).toHaveBeenCalledTimes(2)
  })

  it('warns when it cannot tell where it was loaded from', async () => {
    const warn = vi.fn()
    const importModule = vi.fn(async () => ({}))
    await startLoader(createDocument('<script src="/app.js"></script>'), 'c.js', importModule, warn)
    expect(importModule).not.toHaveBeenCalled()
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/^\[voice-demo\] /)
  })
})

describe('the prospect preload', () => {
  it('preloads each valid slug without api-base from beside widget.js, in CORS mode like the core’s fetch', async () => {
    const doc = createDocument(
      '<voice-demo slug="harbor-realty"></voice-demo>' +
        '<voice-demo slug="Not A Slug"></voice-demo>' +
        '<voice-demo slug="other" api-base="https://api.example/"></voice-demo>',
      'https://cdn.example/v1/widget.js',
    )
    await startLoader(doc, 'c.js', async () => ({}))
    const links = [...doc.head.querySelectorAll('link')].map((link) => ({
      rel: link.rel,
      as: link.getAttribute('as'),
      crossOrigin: link.crossOrigin,
      href: link.href,
    }))
    expect(links).toEqual([
      {
        rel: 'preload',
        as: 'fetch',
        crossOrigin: 'anonymous',
        href: 'https://cdn.example/api/prospects/harbor-realty',
      },
    ])
  })
})
