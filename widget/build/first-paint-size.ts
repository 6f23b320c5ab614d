import { brotliCompressSync, constants } from 'node:zlib'
import type { Rolldown } from 'vite'

type OutputFile = Rolldown.OutputChunk | Rolldown.OutputAsset

export interface FirstPaintSize {
  /** Files a host page downloads before the buttons show, in load order. */
  files: string[]
  rawBytes: number
  /** Sum of each file brotli-compressed on its own at quality 11, as a CDN serves them. */
  brotliBytes: number
}

/** The widget's budget for {@link FirstPaintSize.brotliBytes}, the boot (docs/architecture.md, Budgets). */
export const FIRST_PAINT_BUDGET_BYTES = 5 * 1024

/**
 * Measures what a host page with the snippet downloads before the widget's buttons are visible: the
 * boot (widget.mjs) and everything it imports statically (the CSS is inside the JS). The rest of the
 * widget, which the boot imports at once, and the lazy chunks are left out on purpose: the buttons are
 * on screen before they arrive. Given another entry's name, it measures that entry the same way.
 */
export function measureFirstPaint(output: Iterable<OutputFile>, coreEntryName: string): FirstPaintSize {
  const byName = new Map<string, OutputFile>()
  for (const file of output) byName.set(file.fileName, file)
  const core = [...byName.values()].find(
    (file) => file.type === 'chunk' && file.isEntry && file.name === coreEntryName,
  )
  if (!core) throw new Error(`the build has no "${coreEntryName}" entry chunk`)
  const files: string[] = []
  const visit = (fileName: string): void => {
    if (files.includes(fileName)) return
    files.push(fileName)
    const file = byName.get(fileName)
    if (file?.type === 'chunk') for (const imported of file.imports) visit(imported)
  }
  visit(core.fileName)

  let rawBytes = 0
  let brotliBytes = 0
  for (const fileName of files) {
    const file = byName.get(fileName)
    const bytes = Buffer.from(file?.type === 'chunk' ? file.code : (file?.source ?? ''))
    rawBytes += bytes.length
    brotliBytes += brotliCompressSync(bytes, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length
  }
  return { files, rawBytes, brotliBytes }
}

export const formatKiB = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KB`
