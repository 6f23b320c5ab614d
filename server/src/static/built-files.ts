import { readdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The files of one build directory that may be served, as paths relative to it with `/` separators.
 * Left out: names starting with a dot (`.env`, `.git/`, the build's own records) and source maps
 * (the builds emit none on purpose: they would publish the source, so one found here is a leftover),
 * and anything that is not a regular file or directory (a symlink could point anywhere).
 */
export interface BuiltFiles {
  /** The absolute path of `relative` when it is a listed file, else null. */
  find(relative: string): Promise<string | null>
  /** Whether the directory exists at all: a missing one means "not built yet", not "not found". */
  built(): Promise<boolean>
}

const isServableName = (name: string): boolean => !name.startsWith('.') && !name.endsWith('.map')

/** mtime of each directory walked, or MISSING: any change means files were added or removed. */
const MISSING = -1

interface Listing {
  files: Set<string>
  directories: Map<string, number>
}

async function walk(root: string): Promise<Listing> {
  const files = new Set<string>()
  const directories = new Map<string, number>()
  const visit = async (directory: string, prefix: string): Promise<void> => {
    // The mtime is read before the entries, so an entry added in between is seen as a later change.
    const info = await stat(directory).catch(() => null)
    directories.set(directory, info?.isDirectory() ? info.mtimeMs : MISSING)
    if (!info?.isDirectory()) return
    const entries = await readdir(directory, { withFileTypes: true }).catch(() => [])
    for (const entry of entries) {
      if (!isServableName(entry.name)) continue
      const relative = `${prefix}${entry.name}`
      if (entry.isFile()) files.add(relative)
      else if (entry.isDirectory()) await visit(join(directory, entry.name), `${relative}/`)
    }
  }
  await visit(root, '')
  return { files, directories }
}

async function hasChanged(listing: Listing): Promise<boolean> {
  const now = await Promise.all(
    [...listing.directories].map(async ([directory, mtime]) => {
      const info = await stat(directory).catch(() => null)
      return (info?.isDirectory() ? info.mtimeMs : MISSING) !== mtime
    }),
  )
  return now.includes(true)
}

/**
 * Lists `root` once, at once, and again only when a request misses and one of its directories has
 * changed since (a build while the server runs): a hit costs one set lookup, a miss a few `stat`s.
 */
export function listBuiltFiles(root: string): BuiltFiles {
  let current = walk(root)
  const refreshed = async (): Promise<Listing> => {
    const listing = current
    if (await hasChanged(await listing)) {
      // Concurrent misses share one new walk.
      if (current === listing) current = walk(root)
    }
    return current
  }
  return {
    async find(relative) {
      const listed = (await current).files.has(relative) || (await refreshed()).files.has(relative)
      return listed ? join(root, relative) : null
    },
    async built() {
      return (await refreshed()).directories.get(root) !== MISSING
    },
  }
}
