import { readFileSync } from 'node:fs'
import semver from 'semver'
import { describe, expect, it } from 'vitest'

/**
 * The Node.js version the README promises is the one `package.json` declares, and every pinned
 * package accepts it: a dependency that needs a newer Node makes `npm install` warn on the very
 * machines the README names, and may fail there.
 */
const readJson = (file: string) => JSON.parse(readFileSync(new URL(`../${file}`, import.meta.url), 'utf8'))
const pkg = readJson('package.json') as { engines: { node: string } }
const lock = readJson('package-lock.json') as {
  packages: Record<string, { engines?: { node?: string } | string[]; optional?: boolean; dev?: boolean }>
}
const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
const lowest = semver.minVersion(pkg.engines.node)?.version ?? ''

describe('the Node.js version', () => {
  it('in the README is the lowest package.json accepts', () => {
    expect(lowest).toMatch(/^\d+\.\d+\.\d+$/)
    const [major, minor] = lowest.split('.')
    expect(readme).toContain(`Node.js ≥ ${major}.${minor} and npm`)
  })

  it('is accepted by every package the lockfile pins', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path]) => path !== '')
      .flatMap(([path, entry]) => {
        const range = !Array.isArray(entry.engines) ? entry.engines?.node : undefined
        return range && !semver.satisfies(lowest, range)
          ? [`${path.replace(/^node_modules\//, '')}: ${range}`]
          : []
      })
    expect(refusing).toEqual([])
  })
})
