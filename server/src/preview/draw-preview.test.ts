import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { drawPreviewPicture, fitted, pictureStyles, textImage, warmPreviewDrawing } from './draw-preview.ts'
import { previewFonts } from './preview-fonts.ts'
import { PREVIEW_SIZE, type PreviewWords } from './preview-words.ts'

/** The byte budget of a link-preview picture (what unfurlers fetch; some refuse larger ones). */
const MAX_BYTES = 300 * 1024

const words = (overrides: Partial<PreviewWords> = {}): PreviewWords => ({
  productName: 'CallPilot',
  lead: 'A voice agent built for',
  company: 'Bright Smile Dental',
  greeting: 'Tailored just for you, Ana Ruiz',
  logo: null,
  color: null,
  ...overrides,
})

/** A big logo that compresses badly: noise over 2000×2000 pixels, as a photo of a storefront would. */
async function noisyLogo(): Promise<Uint8Array> {
  const side = 2000
  const pixels = Buffer.alloc(side * side * 3)
  let seed = 7
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    pixels[i] = seed >> 23
  }
  return new Uint8Array(
    await sharp(pixels, { raw: { width: side, height: side, channels: 3 } })
      .png()
      .toBuffer(),
  )
}

const LONG_COMPANY = `${'Extraordinarily Long Family Dental Practice and Orthodontics '.repeat(4)}`.slice(
  0,
  200,
)

beforeAll(() => warmPreviewDrawing())

describe('a prospect’s preview picture', () => {
  it('is a 1200×630 PNG within 300 KB in the worst case: a 200-character company, a long name and a big noisy logo', async () => {
    const png = await drawPreviewPicture(
      words({
        company: LONG_COMPANY,
        greeting: `Tailored just for you, ${'Maximilian '.repeat(11)}`,
        logo: 'x',
        color: '#0ea5e9',
      }),
      await noisyLogo(),
    )
    const meta = await sharp(png).metadata()
    expect([meta.format, meta.width, meta.height]).toEqual(['png', PREVIEW_SIZE.width, PREVIEW_SIZE.height])
    expect(png.byteLength).toBeLessThanOrEqual(MAX_BYTES)
  })

  it.each([
    ['a 200-character company', words({ company: LONG_COMPANY })],
    ['no contact name', words({ greeting: null })],
    ['a company that was only emoji', words({ company: '' })],
    [
      'Hebrew and Arabic',
      words({ company: 'מרפאת שיניים חיוך', greeting: 'Tailored just for you, محمد العلي' }),
    ],
    [
      'accents',
      words({ company: 'Zoë’s Café & Bäckerei Łódź', greeting: 'Tailored just for you, Zoë Müller' }),
    ],
    ['markup characters', words({ company: '<b>Smith & Sons</b> "Plumbing"' })],
  ])('draws %s', async (_, drawn) => {
    const meta = await sharp(await drawPreviewPicture(drawn, null)).metadata()
    expect([meta.width, meta.height]).toEqual([PREVIEW_SIZE.width, PREVIEW_SIZE.height])
  })

  it('draws a logo it cannot read as no logo, not as a failure', async () => {
    const png = await drawPreviewPicture(words({ logo: 'x' }), new Uint8Array([1, 2, 3]))
    expect((await sharp(png).metadata()).width).toBe(PREVIEW_SIZE.width)
  })
})

describe('the text on it', () => {
  it('is set in the Inter files from npm, not in a system face', async () => {
    const fonts = await previewFonts()
    const inter = pictureStyles(fonts).company
    const sample = 'Bright Smile Dental, Springfield'
    const drawn = await textImage(sample, inter, 2000)
    // A family no machine has: Pango falls back to whatever fontconfig offers, as it did when it was
    // given the npm package's WOFF file, which FreeType in sharp cannot read.
    const fallback = await textImage(
      sample,
      { ...inter, font: { ...inter.font, family: 'No Such Face,' } },
      2000,
    )
    expect(drawn.width).not.toBe(fallback.width)
    // Inter ExtraBold at 68 px sets this sample 1,043 px wide (a pixel either way with another FreeType).
    expect(Math.abs(drawn.width - 1043)).toBeLessThanOrEqual(2)
  })

  it('keeps a short company whole, and cuts a long one at a character with an ellipsis within three lines', async () => {
    const style = pictureStyles(await previewFonts()).company
    const short = await fitted('Bright Smile Dental', style, 1040, 3)
    expect(short.text).toBe('Bright Smile Dental')
    const oneLine = (await fitted('Ag', style, 1040, 1)).height
    const long = await fitted(LONG_COMPANY, style, 1040, 3)
    expect(long.text).toMatch(/^Extraordinarily Long Family .*[^\s,]…$/)
    expect(long.text.length).toBeLessThan(LONG_COMPANY.length)
    expect(long.height).toBeLessThanOrEqual(oneLine * 3.5)
    expect(long.height).toBeGreaterThan(oneLine * 2.5)
    // A word with no place to break is broken inside it rather than run off the picture.
    const unbroken = await fitted('X'.repeat(120), style, 600, 2)
    expect(unbroken.width).toBeLessThanOrEqual(600)
    expect(unbroken.text.endsWith('…')).toBe(true)
  })
})
