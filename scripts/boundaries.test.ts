import { execFile } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'

// The module boundaries are Biome's restricted-imports rules (biome.json, site/biome.json,
// widget/biome.json), so `npm run check` fails on a crossing. This proves the rules bite: each probe
// below is linted with the repository's own configuration, in a scratch copy of the folders, and must
// be refused exactly when it crosses a boundary.

const root = join(import.meta.dirname, '..')
const CONFIGS = ['biome.json', 'site/biome.json', 'widget/biome.json']

/** [file, what it imports, crosses a boundary?] */
const PROBES: [file: string, from: string, crosses: boolean][] = [
  ['core/probe.ts', '../server/src/config.ts', true],
  ['core/probe-own.ts', './prospect.ts', false],
  ['server/src/calls/probe.ts', '../video/start-video-conversation.ts', true],
  ['server/src/calls/probe-routes.ts', '../routes/json-body.ts', true],
  ['server/src/calls/probe-common.ts', '../common/client-ip.ts', false],
  ['server/src/video/probe.ts', '../calls/place-phone-call.ts', true],
  ['server/src/reps/probe.ts', '../prospects/prospect-store.ts', true],
  ['server/src/reps/probe-routes.ts', '../routes/prospects.ts', true],
  ['server/src/reps/probe-common.ts', '../common/csv.ts', false],
  ['server/src/reps/probe-data.ts', '../data/reps.ts', false],
  ['server/src/prospects/probe-reps.ts', '../reps/passwords.ts', true],
  ['server/src/common/probe-reps.ts', '../reps/tokens.ts', true],
  ['server/src/data/probe.ts', '../prospects/prospect-store.ts', true],
  ['server/src/data/probe-core.ts', '#core/errors.ts', false],
  ['site/src/features/landing/probe.ts', '../prospect/prospect-page.tsx', true],
  ['site/src/features/landing/probe-lib.ts', '../../lib/use-keyed-load.ts', false],
  ['site/src/features/reps/form/probe.ts', '../../prospect/prospect-page.tsx', true],
  ['site/src/features/reps/form/probe-components.ts', '../../../components/prospect-hero.tsx', false],
  ['site/src/app/probe.ts', '../../../widget/src/embed.ts', true],
  ['site/src/app/probe-server.ts', '../../../server/src/app.ts', true],
  ['widget/src/voice/probe.ts', '../../../worker/levels.worker.ts', true],
  ['widget/src/audio/probe.ts', '../../../worker/levels.worker.ts', false],
]

let scratch: string
let refused: Set<string>

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'voice-demo-boundaries-'))
  for (const config of CONFIGS) {
    mkdirSync(dirname(join(scratch, config)), { recursive: true })
    copyFileSync(join(root, config), join(scratch, config))
  }
  for (const [file, from] of PROBES) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true })
    writeFileSync(join(scratch, file), `import { probe } from '${from}'\n\nexport const used = probe\n`)
  }
  const biome = join(root, 'node_modules/.bin/biome')
  const args = ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', '.']
  // Biome exits non-zero when it reports an error: the report is what the test reads.
  const { stdout } = await promisify(execFile)(biome, args, { cwd: scratch }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  )
  const report = JSON.parse(stdout) as {
    diagnostics: { category?: string; location?: { path?: string } }[]
  }
  refused = new Set(
    report.diagnostics
      .filter((diagnostic) => diagnostic.category === 'lint/style/noRestrictedImports')
      .map((diagnostic) => diagnostic.location?.path ?? ''),
  )
}, 60_000)

afterAll(() => rmSync(scratch, { recursive: true, force: true }))

it.each(PROBES)('%s importing %s: refused = %s', (file, _from, crosses) => {
  expect(refused.has(file)).toBe(crosses)
})
