import { createHash } from 'node:crypto'
import { readFile, rename, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { woffToSfnt } from './woff-to-sfnt.ts'

/**
 * The picture's typefaces: the site's own Inter, from the npm package the site's build also copies
 * (so a fresh machine needs no font installed for Latin text). Each face is a font file and the
 * family name Pango knows it by: the package names each weight's file a family of its own.
 */
export interface PreviewFont {
  /** Pango's font description without a size: the family, the comma that ends the family list, and the weight a fallback face (Hebrew, Arabic) takes. */
  family: string
  /** The TrueType file FreeType reads. */
  file: string
}

export interface PreviewFonts {
  regular: PreviewFont
  extraBold: PreviewFont
}

const FACES = {
  regular: { family: 'Inter,', woff: '@fontsource/inter/files/inter-latin-400-normal.woff' },
  extraBold: {
    family: 'Inter ExtraBold, Ultra-Bold',
    woff: '@fontsource/inter/files/inter-latin-800-normal.woff',
  },
} as const

let ready: Promise<PreviewFonts> | undefined

/**
 * The faces as TrueType files in the system's temporary directory, named by their content, written
 * once (renamed into place, so processes sharing the directory never read half a file).
 */
export function previewFonts(): Promise<PreviewFonts> {
  ready ??= (async () => {
    const require = createRequire(import.meta.url)
    const face = async ({ family, woff }: { family: string; woff: string }): Promise<PreviewFont> => {
      const sfnt = woffToSfnt(await readFile(require.resolve(woff)))
      const file = join(
        tmpdir(),
        `preview-${createHash('sha256').update(sfnt).digest('hex').slice(0, 16)}.ttf`,
      )
      const written = await stat(file).then(
        (s) => s.size === sfnt.length,
        () => false,
      )
      if (!written) {
        const partial = `${file}.${process.pid}.part`
        await writeFile(partial, sfnt)
        await rename(partial, file)
      }
      return { family, file }
    }
    return { regular: await face(FACES.regular), extraBold: await face(FACES.extraBold) }
  })()
  ready.catch(() => {
    ready = undefined
  })
  return ready
}
