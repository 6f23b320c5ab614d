// The server and the operator's commands as `npm run build` bundled them (build/server/<name>.mjs, one
// JavaScript file each), run by `npm start`, `npm run serve` (scripts/serve.mjs) and `npm run db`,
// `npm run prospects`, `npm run reps` (`node scripts/run-built.mjs <name> …`). A bundle starts in a
// fraction of the time the sources take through tsx, which compiles each TypeScript module as it
// loads, and the server holds about 80 MB less. When there is no bundle, or a source it was made of
// changed since, the sources run through tsx as before, so nothing ever runs code older than its
// checkout. Plain JavaScript: nothing compiles this file.
import { readFileSync, statSync } from 'node:fs'
import { pathToFileURL } from 'node:url'

const root = new URL('../', import.meta.url)

/** What each bundle is made from: its source entry (scripts/build-server.ts builds the same list). */
export const BUILT_ENTRIES = {
  node: 'server/src/node.ts',
  db: 'server/src/db/db-main.ts',
  prospects: 'server/src/prospects/main.ts',
  reps: 'server/src/reps/main.ts',
}

/** The bundle `name`, when it exists and is newer than every source file it was made of; else null. */
function currentBundle(name) {
  const bundle = new URL(`build/server/${name}.mjs`, root)
  try {
    const builtAt = statSync(bundle).mtimeMs
    const inputs = JSON.parse(readFileSync(new URL('build/server/inputs.json', root), 'utf8'))
    const stale = inputs.some((input) => statSync(new URL(input, root)).mtimeMs > builtAt)
    return stale ? null : bundle
  } catch {
    // No bundle, no list of its sources, or a source gone since: not this checkout's build.
    return null
  }
}

/**
 * Runs the bundle `name`, else its sources through tsx; `onSources` is told before the sources run
 * (the server says so, for the memory it costs; a command just runs).
 */
export async function runBuilt(name, onSources = () => {}) {
  const built = currentBundle(name)
  if (built) {
    await import(built.href)
    return
  }
  onSources()
  const { register } = await import('tsx/esm/api')
  register()
  await import(new URL(BUILT_ENTRIES[name], root).href)
}

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  // `node scripts/run-built.mjs <name> <arguments…>`: the command reads its own arguments from argv[2].
  const [name] = process.argv.splice(2, 1)
  if (!name || !Object.hasOwn(BUILT_ENTRIES, name)) {
    console.error(`Usage: node scripts/run-built.mjs <${Object.keys(BUILT_ENTRIES).join('|')}> [arguments…]`)
    process.exit(2)
  }
  await runBuilt(name)
}
