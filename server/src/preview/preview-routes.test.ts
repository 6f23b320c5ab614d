import { createHash, randomUUID } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Hono } from 'hono'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { VISITS_PATH, type VisitResponse } from '#core/engagement.ts'
import { createApp } from '../app.ts'
import { createClientIpReader } from '../common/client-ip.ts'
import { loadServerConfig } from '../config.ts'
import { createProspectAnswers } from '../data/prospect-answers.ts'
import { saveWebsiteImage } from '../data/website-images.ts'
import { getDemoFeatures } from '../routes/prospects.ts'
import { mountStaticFiles } from '../static/static-files.ts'
import { addTestProspect, TEST_EVENT_SETTINGS } from '../testing/event-test-app.ts'
import { createTestBackend, type TestBackend } from '../testing/test-backend.ts'
import { drawPreviewPicture } from './draw-preview.ts'
import { createPictureCache, GENERIC_PREVIEW_PATH, PREVIEW_CACHE_CONTROL } from './preview-routes.ts'
import type { DrawPreviewPicture } from './preview-words.ts'

const ORIGIN = 'https://demo.example'

/**
 * Link unfurlers and mail scanners, by the User-Agents their owners document (Slack's robots page,
 * LinkedIn, X's cards guide, Facebook's crawler page, Apple's link presentation, Microsoft's and
 * Google's crawler lists): each gets the page's tags and the picture, and is no visit.
 */
const UNFURLERS: Record<string, string> = {
  Slack: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  LinkedIn: 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  X: 'Twitterbot/1.0',
  Facebook: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  WhatsApp: 'WhatsApp/2.23.20.0',
  iMessage:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0',
  Teams:
    'Mozilla/5.0 (Windows NT 6.1; WOW64) AppleWebKit/537.36 (KHTML, like Gecko) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com',
  Discord: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'Microsoft (Outlook, Teams previews)':
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MicrosoftPreview/2.0; +https://aka.ms/MicrosoftPreview) Chrome/100.0.4896.127 Safari/537.36',
  'Microsoft (Bing preview)':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/112.0.0.0 Safari/537.36 BingPreview/1.0b',
  'Google (Gmail’s image proxy)':
    'Mozilla/5.0 (Windows NT 5.1; rv:11.0) Gecko Firefox/11.0 (via ggpht.com GoogleImageProxy)',
  'Google (Safety)': 'Google-Safety',
}

let backend: TestBackend
let root: string
let draws = 0
/** Counts the drawings, so a test can tell a cached picture from a drawn one. */
const countingDraw: DrawPreviewPicture = (words, logo) => {
  draws++
  return drawPreviewPicture(words, logo)
}

function buildApp(): Hono {
  const config = loadServerConfig({ SITE_URL: ORIGIN })
  const answers = createProspectAnswers({
    db: backend.db,
    templates: backend.deps.templates,
    features: (prospect) => getDemoFeatures(prospect, backend.deps),
  })
  const app = createApp({
    ...backend.deps,
    prospectAnswers: answers,
    events: TEST_EVENT_SETTINGS,
    clientIp: createClientIpReader('x-forwarded-for'),
    previewPictures: countingDraw,
  })
  const siteDir = join(root, 'site')
  const ssrDir = join(root, 'ssr')
  mkdirSync(siteDir, { recursive: true })
  mkdirSync(ssrDir, { recursive: true })
  writeFileSync(
    join(siteDir, 'app.html'),
    '<!doctype html><html><head><title>shell</title><meta name="description" content="d" />\n</head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(siteDir, '404.html'), '<!doctype html><title>not found</title>')
  writeFileSync(join(siteDir, 'og-image.jpg'), 'jpeg')
  writeFileSync(
    join(ssrDir, 'entry-server.js'),
    'export const renderProspectPage = () => "<main>page</main>"\n',
  )
  mountStaticFiles(
    app,
    { siteDir, widgetDir: join(root, 'widget'), embedDemoDir: join(root, 'embed'), ssrDir },
    config,
    answers,
    { prospectPictures: true },
  )
  return app
}

let app: Hono
beforeAll(async () => {
  backend = await createTestBackend()
  root = mkdtempSync(join(tmpdir(), 'preview-routes-'))
  app = buildApp()
})
afterAll(async () => {
  rmSync(root, { recursive: true, force: true })
  await backend.db.close()
})

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`).exec(html)?.[1]

async function addProspectWithLogo(): Promise<string> {
  const slug = await addTestProspect(backend)
  const bytes = new Uint8Array(
    await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0ea5e9' } })
      .png()
      .toBuffer(),
  )
  const id = createHash('sha256').update(bytes).digest('hex')
  await saveWebsiteImage(backend.db, {
    id,
    bytes,
    width: 400,
    height: 200,
    sourceUrl: 'https://ruiz.example/logo.png',
  })
  await backend.db.query(`update public.prospects set logo = $1, theme_color = '#0ea5e9' where slug = $2`, [
    id,
    slug,
  ])
  return slug
}

describe('GET /{slug}/preview.png', () => {
  it('draws a known prospect’s picture once, then serves it from memory, and answers 304 to its ETag', async () => {
    const slug = await addProspectWithLogo()
    const before = draws
    const first = await app.request(`/${slug}/preview.png`)
    expect(first.status).toBe(200)
    expect(first.headers.get('Content-Type')).toBe('image/png')
    expect(first.headers.get('Cache-Control')).toBe(PREVIEW_CACHE_CONTROL)
    const etag = first.headers.get('ETag') as string
    expect(etag).toMatch(/^"p[0-9a-f]{32}"$/)
    const meta = await sharp(new Uint8Array(await first.arrayBuffer())).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1200, 630])
    const again = await app.request(`/${slug}/preview.png`)
    expect(again.status).toBe(200)
    expect(again.headers.get('ETag')).toBe(etag)
    const revalidated = await app.request(`/${slug}/preview.png`, { headers: { 'If-None-Match': etag } })
    expect(revalidated.status).toBe(304)
    expect(await revalidated.text()).toBe('')
    expect(draws - before).toBe(1)
  })

  it('draws a new picture with a new ETag when the prospect’s words change, and draws a burst once', async () => {
    const slug = await addTestProspect(backend)
    const before = draws
    const burst = await Promise.all([1, 2, 3].map(() => app.request(`/${slug}/preview.png`)))
    const etags = new Set(burst.map((res) => res.headers.get('ETag')))
    expect(etags.size).toBe(1)
    expect(draws - before).toBe(1)
    await backend.db.query(
      `update public.prospects set company_name = 'Ruiz & Daughters Plumbing' where slug = $1`,
      [slug],
    )
    // The server keeps a prospect's answer a few seconds: a fresh app reads the change at once.
    const fresh = buildApp()
    const changed = await fresh.request(`/${slug}/preview.png`, {
      headers: { 'If-None-Match': [...etags][0] as string },
    })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('ETag')).not.toBe([...etags][0])
  })

  it('sends the general demo and unknown slugs to the generic picture', async () => {
    for (const path of ['/visitor/preview.png', '/no-such-prospect-here/preview.png']) {
      const res = await app.request(path)
      expect(res.status, path).toBe(302)
      expect(res.headers.get('Location'), path).toBe(GENERIC_PREVIEW_PATH)
    }
  })

  it('leaves what is no prospect link to the static files: a malformed slug is a 404, the site’s own folders are theirs', async () => {
    expect((await app.request('/Bad%20Slug!/preview.png')).status).toBe(404)
    expect((await app.request('/assets/preview.png')).status).toBe(404)
  })
})

describe('a prospect’s page', () => {
  it('names their own picture, with words that name them; the general demo keeps the generic one', async () => {
    const slug = await addTestProspect(backend)
    const html = await (await app.request(`/${slug}`)).text()
    expect(metaContent(html, 'og:image')).toBe(`${ORIGIN}/${slug}/preview.png`)
    expect(metaContent(html, 'twitter:image')).toBe(`${ORIGIN}/${slug}/preview.png`)
    expect(metaContent(html, 'og:image:alt')).toBe(
      'A voice agent built for Ruiz Plumbing, for Ana Ruiz · CallPilot',
    )
    const unknown = await (await app.request('/no-such-prospect-here')).text()
    expect(metaContent(unknown, 'og:image')).toBe(`${ORIGIN}/og-image.jpg`)
  })
})

describe('link unfurlers and mail scanners', () => {
  it.each(Object.entries(UNFURLERS))(
    '%s gets the tags and the picture, and is no visit',
    async (_, userAgent) => {
      const slug = await addTestProspect(backend, `unfurl-${randomUUID().slice(0, 8)}`)
      const headers = { 'User-Agent': userAgent, 'X-Forwarded-For': '198.51.100.7' }
      const page = await app.request(`/${slug}`, { headers })
      expect(page.status).toBe(200)
      expect(metaContent(await page.text(), 'og:image')).toBe(`${ORIGIN}/${slug}/preview.png`)
      const picture = await app.request(`/${slug}/preview.png`, { headers })
      expect(picture.status).toBe(200)
      expect(picture.headers.get('Content-Type')).toBe('image/png')
      // One that runs the page's script is refused a visit too.
      const visit = await app.request(VISITS_PATH, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'text/plain' },
        body: JSON.stringify({ slug, surface: 'site' }),
      })
      expect(((await visit.json()) as VisitResponse).visit).toBeNull()
      const stored = await backend.db.query<{ events: number; nudges: number }>(
        `select (select count(*)::int from public.engagement_events e join public.prospects p on p.id = e.prospect_id
                where p.slug = $1) as events,
              (select count(*)::int from public.notification_outbox n join public.prospects p on p.id = n.prospect_id
                where p.slug = $1) as nudges`,
        [slug],
      )
      expect(stored.rows[0]).toEqual({ events: 0, nudges: 0 })
    },
  )
})

describe('a person’s browser, beside them', () => {
  it('begins a visit, so the unfurlers’ null answer is theirs alone', async () => {
    const slug = await addTestProspect(backend)
    const visit = await app.request(VISITS_PATH, {
      method: 'POST',
      headers: {
        'User-Agent':
          'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
        'X-Forwarded-For': '198.51.100.8',
        'Content-Type': 'text/plain',
      },
      body: JSON.stringify({ slug, surface: 'site' }),
    })
    expect(((await visit.json()) as VisitResponse).visit).not.toBeNull()
  })
})

describe('the pictures kept in memory', () => {
  it('stay within their bytes, the least recently served dropped first', () => {
    const cache = createPictureCache(100)
    cache.set('a', new Uint8Array(40))
    cache.set('b', new Uint8Array(40))
    cache.get('a')
    cache.set('c', new Uint8Array(40))
    expect(cache.bytes).toBe(80)
    expect(cache.get('b')).toBeUndefined()
    expect(cache.get('a')?.byteLength).toBe(40)
    cache.set('huge', new Uint8Array(101))
    expect(cache.get('huge')).toBeUndefined()
  })
})
