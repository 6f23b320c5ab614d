import { buildInitdbImage } from '../server/src/db/initdb-image.ts'

/**
 * `npm run build`'s step for the embedded database: the image of a freshly initialised database that
 * a new data directory is unpacked from (server/src/db/initdb-image.ts), made again only when the
 * installed PGlite is not the one that made it.
 */
try {
  const { path, made } = await buildInitdbImage()
  console.log(made ? `Database image: ${path}` : `Database image: ${path} (already made by this PGlite)`)
} catch (error) {
  console.error(error)
  process.exitCode = 1
}
