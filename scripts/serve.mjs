// `npm start` and `npm run serve`: the server as `npm run build` bundled it (build/server/node.mjs, one
// JavaScript file), which holds about 80 MB less than the sources compiled by tsx as they load. When
// there is no bundle, or a source it was made of changed since, the sources run through tsx as before,
// so a server never runs code older than its checkout. Plain JavaScript: nothing compiles this file.
import { readFileSync, statSync } from 'node:fs'

const root = new URL('../', import.meta.url)
const bundle = new URL('build/server/node.mjs', root)

/** The bundle, when it exists and is newer than every source file it was made of; else null. */
function currentBundle() {
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

const built = currentBundle()
if (built) {
  await import(built.href)
} else {
  console.warn(
    'The server is not built or its sources changed since (npm run build): running the sources through tsx.',
  )
  const { register } = await import('tsx/esm/api')
  register()
  await import(new URL('server/src/node.ts', root).href)
}
