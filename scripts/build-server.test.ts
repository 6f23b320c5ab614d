import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import packageJson from '../package.json' with { type: 'json' }
import { buildServer } from './build-server.ts'
import { type RunningProduct, serveArguments, startProduct } from './start-product.ts'

const run = promisify(execFile)

/**
 * The server as `npm start` and `npm run serve` run it, and the operator's commands as `npm run db`,
 * `prospects` and `reps` run them: one bundled JavaScript file each, not the sources.
 * Everything its modules find beside themselves must still be found from the bundle (the migrations,
 * the agent templates, the embedded database thread's entry, the fonts of the link-preview picture),
 * and sharp, loaded by the first request that draws a picture rather than at start, must still draw.
 * Built here at the same depth as build/server/, so it needs no `npm run build` and leaves that one be.
 */
const outDir = resolve(`build/server-check-${randomBytes(4).toString('hex')}`)
const bundle = join(outDir, 'node.mjs')
let product: RunningProduct

beforeAll(async () => {
  await buildServer(outDir)
  // npm run serve's V8 flags, with this bundle in place of scripts/serve.mjs.
  const flags = serveArguments().filter((argument) => argument.startsWith('--'))
  product = await startProduct('voice-demo-bundle-', {}, { nodeArguments: [...flags, bundle] })
})

afterAll(async () => {
  await product?.stop()
  await rm(outDir, { recursive: true, force: true })
})

describe('the bundled server', () => {
  it('runs with npm run serve’s V8 flags, which npm start uses too', () => {
    expect(serveArguments()).toContain('--max-semi-space-size=2')
    expect(serveArguments().at(-1)).toBe('scripts/serve.mjs')
    expect(packageJson.scripts.start).toBe(`npm run build && ${packageJson.scripts.serve}`)
  })

  it('opens the embedded database in its thread, migrated, and answers with the agent’s words', async () => {
    const ready = await fetch(`${product.url}/readyz`)
    expect(ready.status).toBe(200)
    const answer = await fetch(`${product.url}/api/prospects/bright-smile-dental`)
    expect(answer.status).toBe(200)
    // The agent's words come from the agent templates, found beside the sources.
    expect(await answer.json()).toMatchObject({
      prospect: {
        slug: 'bright-smile-dental',
        firstMessage: expect.stringContaining('Thank you for calling Bright Smile Dental'),
      },
    })
  })

  it('draws a prospect’s link-preview picture with the first request that asks for one', async () => {
    // Until then libvips is not in the process (Linux shows what is mapped): a server nobody asks
    // for a picture does not hold it.
    const libvips = async () => /libvips/.test(await readFile(`/proc/${product.pid}/maps`, 'utf8'))
    if (process.platform === 'linux') expect(await libvips()).toBe(false)
    const picture = await fetch(`${product.url}/bright-smile-dental/preview.png`)
    expect(picture.status).toBe(200)
    expect(picture.headers.get('Content-Type')).toBe('image/png')
    const bytes = new Uint8Array(await picture.arrayBuffer())
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47])
    // A drawn picture of the page's words, not an empty one: tens of kilobytes.
    expect(bytes.length).toBeGreaterThan(10_000)
    if (process.platform === 'linux') expect(await libvips()).toBe(true)
  })
})

describe('the bundled commands', () => {
  it('are what npm run db, prospects and reps run', () => {
    for (const name of ['db', 'prospects', 'reps'] as const) {
      expect(packageJson.scripts[name]).toBe(`node scripts/run-built.mjs ${name}`)
    }
  })

  it('run from their bundles on a new embedded database: made, migrated, written and read', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'voice-demo-bundled-commands-'))
    const command = (name: string, ...args: string[]) =>
      run(process.execPath, [join(outDir, `${name}.mjs`), ...args], {
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ENV_FILE: '', DATA_DIR: dataDir },
      })
    try {
      expect((await command('reps', 'add', 'rep@example.com')).stdout).toContain('/_/set-password#token=')
      expect((await command('reps', 'list')).stdout).toContain('rep@example.com')
      // The examples the first start loaded, and the migrations found beside the sources.
      expect((await command('prospects', 'list')).stdout).toContain('bright-smile-dental')
      expect((await command('db', 'status')).stdout).toMatch(/\d+ applied, 0 pending/)
    } finally {
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
