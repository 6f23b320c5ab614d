import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderTypings } from './typings.ts'

/** `npm run typings`: writes the published typings from the widget's vocabulary (see typings.ts). */
const root = join(import.meta.dirname, '../..')
for (const [path, text] of Object.entries(renderTypings())) {
  writeFileSync(join(root, path), text)
  console.log(`wrote ${path}`)
}
