import { createHash } from 'node:crypto'
import { loadSharp } from '../common/load-sharp.ts'
import type { RepPhotoEncoder } from './rep-settings.ts'

/** Larger pictures are refused unread: a phone's photo is 12–50 megapixels, a poster is not a face. */
const MAX_INPUT_PIXELS = 60_000_000
/**
 * The square kept: a prospect's page shows the photo at 48 px at most, so 192 px is sharp on a 4×
 * screen; a photo as PNG at 192 px stays within what the image table keeps (200 KB), at 128 px surely.
 */
const SIZES = [192, 128] as const
const MAX_STORED_BYTES = 200 * 1024

/** PNG, JPEG, WebP and GIF, told by their first bytes, never by what the browser called the file. */
function isKnownPicture(bytes: Uint8Array): boolean {
  const starts = (...sig: number[]) => sig.every((byte, i) => bytes[i] === byte)
  const ascii = (from: number, text: string) =>
    [...text].every((ch, i) => bytes[from + i] === ch.charCodeAt(0))
  return (
    starts(0x89, 0x50, 0x4e, 0x47) ||
    starts(0xff, 0xd8, 0xff) ||
    (ascii(0, 'RIFF') && ascii(8, 'WEBP')) ||
    ascii(0, 'GIF8')
  )
}

/**
 * The rep's upload made into the photo we keep: turned upright by its EXIF orientation, cropped to a
 * square around its centre, 192 px (128 px when that is over 200 KB), metadata dropped (a phone's
 * photo carries where it was taken), the first frame of an animation only. Null for anything that is
 * not a PNG, JPEG, WebP or GIF we can decode, or is over 60 megapixels.
 */
export const encodeRepPhoto: RepPhotoEncoder = async (upload) => {
  if (!isKnownPicture(upload)) return null
  const sharp = await loadSharp()
  try {
    const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' as const }
    const metadata = await sharp(upload, input).metadata()
    if (!metadata.width || !metadata.height) return null
    for (const size of SIZES) {
      const png = await sharp(upload, input)
        .autoOrient()
        .resize({ width: size, height: size, fit: 'cover' })
        .toColourspace('srgb')
        .png({ compressionLevel: 9, adaptiveFiltering: true })
        .toBuffer({ resolveWithObject: true })
      if (png.data.length <= MAX_STORED_BYTES) {
        return {
          id: createHash('sha256').update(png.data).digest('hex'),
          bytes: new Uint8Array(png.data),
          width: png.info.width,
          height: png.info.height,
        }
      }
    }
    return null
  } catch {
    // What the decoder could not read (a truncated or malformed file) is no photo either.
    return null
  }
}
