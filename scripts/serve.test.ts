import { execFile } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, rm, symlink, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'

/**
 * `npm run serve` (scripts/serve.mjs) runs the bundle `npm run build` made only while it is this
 * checkout's: a bundle older than one of its sources, or one without its list of sources, would run
 * code the checkout no longer has, so the sources run instead. Run in a copy of the layout whose
 * bundle and sources each say which one ran.
 */
const run = promisify(execFile)
let root: string

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'voice-demo-serve-'))
  await mkdir(join(root, 'scripts'))
  await mkdir(join(root, 'build/server'), { recursive: true })
  await mkdir(join(root, 'server/src'), { recursive: true })
  await copyFile(resolve('scripts/serve.mjs'), join(root, 'scripts/serve.mjs'))
  await copyFile(resolve('scripts/run-built.mjs'), join(root, 'scripts/run-built.mjs'))
  await symlink(resolve('node_modules'), join(root, 'node_modules'))
  await writeFile(join(root, 'package.json'), '{ "type": "module" }\n')
  await writeFile(join(root, 'server/src/node.ts'), "const ran: string = 'sources'\nconsole.log(ran)\n")
  await writeFile(join(root, 'build/server/node.mjs'), "console.log('bundle')\n")
  await writeFile(join(root, 'build/server/inputs.json'), '["server/src/node.ts"]\n')
  // The source as it was when the bundle was made: a minute older than it.
  const built = new Date()
  await utimes(join(root, 'build/server/node.mjs'), built, built)
  const before = new Date(built.getTime() - 60_000)
  await utimes(join(root, 'server/src/node.ts'), before, before)
})

afterEach(async () => {
  await rm(root, { recursive: true, force: true })
})

const serve = async () => {
  const { stdout, stderr } = await run(process.execPath, [join(root, 'scripts/serve.mjs')], { cwd: root })
  return { ran: stdout.trim(), said: stderr }
}

describe('npm run serve', () => {
  it('runs the bundle when no source changed since it was made', async () => {
    expect(await serve()).toEqual({ ran: 'bundle', said: '' })
  })

  it('runs the sources through tsx, and says so, when a source is newer than the bundle', async () => {
    const later = new Date(Date.now() + 60_000)
    await utimes(join(root, 'server/src/node.ts'), later, later)
    const { ran, said } = await serve()
    expect(ran).toBe('sources')
    expect(said).toContain('npm run build')
  })

  it('runs the sources when there is no bundle or no list of what it was made of', async () => {
    await rm(join(root, 'build/server/inputs.json'))
    expect((await serve()).ran).toBe('sources')
    await rm(join(root, 'build/server/node.mjs'))
    expect((await serve()).ran).toBe('sources')
  })
})
