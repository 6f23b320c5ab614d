import type { OverlayOptions } from 'sharp'
import { loadSharp } from '../common/load-sharp.ts'
import { type PreviewFont, type PreviewFonts, previewFonts } from './preview-fonts.ts'
import { type DrawPreviewPicture, PREVIEW_SIZE } from './preview-words.ts'

const { width: WIDTH, height: HEIGHT } = PREVIEW_SIZE
const MARGIN = 80
const INK = '#111827'
const MUTED = '#4b5563'
/** The product's own indigo, its mark's: the accent when the business has no colour of its own. */
const PRODUCT_ACCENT = '#4f46e5'
const LOGO_CARD = 248
const LOGO_INSET = 28
/** Between the header (the product's mark) and the footer, where the prospect's words are centred. */
const BODY_TOP = 150
const FOOTER_HEIGHT = 96
/** What the footer invites to: the page's own offer, as its description says it. */
const INVITATION = 'Talk to it in your browser, or have it call your phone'

export interface TextStyle {
  font: PreviewFont
  size: number
  color: string
}

interface TextImage {
  data: Buffer
  width: number
  height: number
}

/** A text as drawn: its image and the words in it (the whole text, or its start and an ellipsis). */
export interface FittedText extends TextImage {
  text: string
}

export const drawPreviewPicture: DrawPreviewPicture = async (words, logo) => {
  const fonts = await previewFonts()
  const accent = words.color ?? PRODUCT_ACCENT
  const logoImage = logo === null ? null : await fitLogo(logo)
  const textWidth = WIDTH - 2 * MARGIN - (logoImage ? LOGO_CARD + 48 : 0)
  const styles = pictureStyles(fonts)

  const [productName, lead, company, greeting, invitation] = await Promise.all([
    fitted(words.productName, styles.product, 600, 1),
    fitted(words.lead, styles.lead, textWidth, 1),
    words.company === '' ? null : fitted(words.company, styles.company, textWidth, 3),
    words.greeting === null ? null : fitted(words.greeting, styles.greeting, textWidth, 1),
    fitted(INVITATION, styles.footer, WIDTH - 2 * MARGIN, 1),
  ])

  // The prospect's words, stacked and centred in the body.
  const blocks = [
    { image: lead, gap: 0 },
    ...(company ? [{ image: company, gap: 12 }] : []),
    ...(greeting ? [{ image: greeting, gap: 24 }] : []),
  ]
  const bodyBottom = HEIGHT - FOOTER_HEIGHT
  const stacked = blocks.reduce((sum, block) => sum + block.gap + block.image.height, 0)
  let top = Math.round(BODY_TOP + (bodyBottom - BODY_TOP - stacked) / 2)
  const layers: OverlayOptions[] = []
  for (const { image, gap } of blocks) {
    top += gap
    layers.push(raw(image, MARGIN, top))
    top += image.height
  }
  layers.push(raw(productName, MARGIN + 72, 56 + Math.round((56 - productName.height) / 2)))
  layers.push(raw(invitation, MARGIN, bodyBottom + Math.round((FOOTER_HEIGHT - invitation.height) / 2)))
  const cardTop = Math.round(BODY_TOP + (bodyBottom - BODY_TOP - LOGO_CARD) / 2)
  if (logoImage) {
    const inner = LOGO_CARD - 2 * LOGO_INSET
    layers.push({
      input: logoImage.data,
      raw: { width: logoImage.width, height: logoImage.height, channels: 4 },
      left: WIDTH - MARGIN - LOGO_CARD + LOGO_INSET + Math.round((inner - logoImage.width) / 2),
      top: cardTop + LOGO_INSET + Math.round((inner - logoImage.height) / 2),
    })
  }
  const background = Buffer.from(backgroundSvg(accent, logoImage ? cardTop : null))
  const sharp = await loadSharp()
  const png = await sharp(background)
    .composite(layers)
    .png({ compressionLevel: 6, adaptiveFiltering: false })
    .toBuffer()
  return new Uint8Array(png.buffer, png.byteOffset, png.byteLength)
}

/**
 * Draws one whole picture, thrown away: loads sharp and starts fontconfig (about a second on a cold
 * machine), the SVG rasteriser and the PNG encoder, so that pictures drawn next are timed warm. The
 * server does not call it: a server that is never asked for a picture need not hold the renderer, and
 * the first picture after a start pays that start-up once inside its request instead.
 */
export async function warmPreviewDrawing(): Promise<void> {
  await drawPreviewPicture(
    {
      productName: 'Warm',
      lead: 'A voice agent built for',
      company: 'Warm-up Café',
      greeting: 'Tailored just for you, Zoë',
      logo: null,
      color: null,
    },
    null,
  )
}

export const pictureStyles = (fonts: PreviewFonts) => ({
  product: { font: fonts.extraBold, size: 34, color: INK },
  lead: { font: fonts.regular, size: 36, color: MUTED },
  company: { font: fonts.extraBold, size: 68, color: INK },
  greeting: { font: fonts.regular, size: 36, color: INK },
  footer: { font: fonts.regular, size: 30, color: '#ffffff' },
})

/** White, an accent band at the top, the product's mark, the logo's card, and a footer in the accent. */
function backgroundSvg(accent: string, cardTop: number | null): string {
  const card =
    cardTop === null
      ? ''
      : `<rect x="${WIDTH - MARGIN - LOGO_CARD}" y="${cardTop}" width="${LOGO_CARD}" height="${LOGO_CARD}" rx="32" fill="#ffffff" stroke="#e5e7eb" stroke-width="2"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="m" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#4f46e5"/><stop offset="1" stop-color="#7c3aed"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="#f8fafc"/>
<rect width="${WIDTH}" height="12" fill="${accent}"/>
<g transform="translate(${MARGIN} 56) scale(1.75)"><rect width="32" height="32" rx="8" fill="url(#m)"/><path d="M9 13v6M13 10v12M17 8v16M21 11v10M25 14v4" stroke="#fff" stroke-width="2.4" stroke-linecap="round"/></g>
${card}
<rect y="${HEIGHT - FOOTER_HEIGHT}" width="${WIDTH}" height="${FOOTER_HEIGHT}" fill="${accent}"/>
<rect y="${HEIGHT - FOOTER_HEIGHT}" width="${WIDTH}" height="${FOOTER_HEIGHT}" fill="#000000" fill-opacity="0.18"/>
</svg>`
}

const raw = (image: TextImage, left: number, top: number): OverlayOptions => ({
  input: image.data,
  raw: { width: image.width, height: image.height, channels: 4 },
  left,
  top,
})

/** The logo, fitted in its card's square, as raw RGBA; null when its bytes cannot be read. */
async function fitLogo(bytes: Uint8Array): Promise<TextImage | null> {
  const side = LOGO_CARD - 2 * LOGO_INSET
  const sharp = await loadSharp()
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: 40_000_000 })
      .resize({ width: side, height: side, fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    return { data, width: info.width, height: info.height }
  } catch {
    // A logo the decoder cannot read is drawn as no logo, never as a failed picture.
    return null
  }
}

/** One text set in `style`, wrapped at `width` (between words, or inside a word with no break). */
export async function textImage(text: string, style: TextStyle, width: number): Promise<TextImage> {
  const sharp = await loadSharp()
  const { data, info } = await sharp({
    text: {
      text: `<span foreground="${style.color}">${escapeMarkup(text)}</span>`,
      font: `${style.font.family} ${style.size}`,
      fontfile: style.font.file,
      width,
      dpi: 72,
      rgba: true,
      wrap: 'word-char',
    },
  })
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data, width: info.width, height: info.height }
}

const lineHeights = new Map<string, Promise<number>>()

/** How tall one line of `style` is (Inter's line box; a fallback face may add a little). */
function lineHeight(style: TextStyle): Promise<number> {
  const key = `${style.font.file} ${style.size}`
  let known = lineHeights.get(key)
  if (!known) {
    known = textImage('Ag', style, 1000).then((image) => image.height)
    lineHeights.set(key, known)
  }
  return known
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' })

/**
 * The text in at most `maxLines` lines of `width`: whole when it fits, else cut at a character and
 * ended with an ellipsis (the longest such start that fits, found by halving). Half a line of slack
 * lets a fallback face (Hebrew, Arabic) with a taller line box keep its lines.
 */
export async function fitted(
  text: string,
  style: TextStyle,
  width: number,
  maxLines: number,
): Promise<FittedText> {
  const limit = (await lineHeight(style)) * (maxLines + 0.5)
  const whole = await textImage(text, style, width)
  if (whole.height <= limit) return { ...whole, text }
  const parts = Array.from(graphemes.segment(text), (part) => part.segment)
  const cut = (count: number) =>
    `${parts
      .slice(0, count)
      .join('')
      .replace(/[\s,.;:·–—-]+$/u, '')}…`
  let low = 1
  let high = Math.min(parts.length - 1, Math.ceil((parts.length * limit) / whole.height) + 8)
  let best: FittedText | null = null
  while (low <= high) {
    const middle = Math.floor((low + high) / 2)
    const image = await textImage(cut(middle), style, width)
    if (image.height <= limit) {
      best = { ...image, text: cut(middle) }
      low = middle + 1
    } else {
      high = middle - 1
    }
  }
  return best ?? { ...(await textImage('…', style, width)), text: '…' }
}

const escapeMarkup = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  )
