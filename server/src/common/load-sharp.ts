import type sharpModule from 'sharp'

export type Sharp = typeof sharpModule

let loading: Promise<Sharp> | undefined

/**
 * sharp (libvips, with its text and SVG renderers), loaded by the first request that draws or decodes
 * a picture: a link-preview picture, a business's logo, a rep's photo. Most of a server's requests
 * never need it, and loading it maps libvips and its libraries into the process (about 30 MB resident
 * once a picture has been drawn), so a server that draws nothing does not hold them. A failed
 * load is tried again by the next request rather than remembered.
 */
export function loadSharp(): Promise<Sharp> {
  loading ??= import('sharp').then(
    (loaded) => loaded.default,
    (error: unknown) => {
      loading = undefined
      throw error
    },
  )
  return loading
}
