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

/** [file, what it imports, crosses a boundary?, the name it imports (`probe` unless given)] */
const PROBES: [file: string, from: string, crosses: boolean, name?: string][] = [
  ['core/probe.ts', '../server/src/config.ts', true],
  ['core/probe-own.ts', './prospect.ts', false],
  ['server/src/calls/probe.ts', '../video/start-video-conversation.ts', true],
  ['server/src/calls/probe-routes.ts', '../routes/json-body.ts', true],
  ['server/src/calls/probe-common.ts', '../common/client-ip.ts', false],
  ['server/src/video/probe.ts', '../calls/place-phone-call.ts', true],
  ['server/src/reps/probe.ts', '../prospects/prospect-store.ts', true],
  ['server/src/reps/probe-routes.ts', '../routes/prospects.ts', true],
  ['server/src/reps/probe-common.ts', '../common/csv.ts', false],
  ['server/src/reps/probe-data.ts', '../data/database.ts', false],
  ['server/src/events/probe.ts', '../notify/outbox.ts', true],
  ['server/src/notify/probe.ts', '../events/record-events.ts', true],
  ['server/src/webhooks/probe-notify.ts', '../notify/nudge-settings.ts', true],
  ['server/src/webhooks/probe.ts', '../reps/rep-accounts.ts', true],
  ['server/src/demo/probe.ts', '../webhooks/end-of-call-report.ts', true],
  ['server/src/webhooks/probe-demo.ts', '../demo/answer-tool-calls.ts', true],
  ['server/src/demo/probe-data.ts', '../data/demo-database.ts', false],
  ['server/src/prospects/probe-reps.ts', '../reps/passwords.ts', true],
  ['server/src/common/probe-reps.ts', '../reps/tokens.ts', true],
  ['server/src/data/probe.ts', '../prospects/prospect-store.ts', true],
  ['server/src/data/probe-events.ts', '../events/record-events.ts', true],
  ['server/src/db/probe-notify.ts', '../notify/outbox.ts', true],
  ['server/src/logging/probe-webhooks.ts', '../webhooks/vapi-webhook-routes.ts', true],
  ['server/src/data/probe-core.ts', '#core/errors.ts', false],
  // The composition root and the server's settings are no feature's to import; shared code neither.
  ['server/src/reps/probe-app.ts', '../app.ts', true],
  ['server/src/reps/probe-config.ts', '../config.ts', true],
  ['server/src/common/probe-app-deps.ts', '../app-deps.ts', true],
  ['server/src/mail/probe.ts', '../reps/rep-accounts.ts', true],
  ['server/src/reps/probe-mail.ts', '../mail/mail-queue.ts', false],
  ['server/src/events/probe-metrics.ts', '../metrics/metrics.ts', false],
  // A folder nobody has named yet is fenced as the others are.
  ['server/src/newfeature/probe.ts', '../reps/rep-accounts.ts', true],
  ['server/src/newfeature/probe-common.ts', '../common/csv.ts', false],
  // A file one folder down: its own feature's files are one step up, the rest two.
  ['server/src/website/extract/probe.ts', '../../reps/rep-accounts.ts', true],
  ['server/src/website/extract/probe-own.ts', '../read-website.ts', false],
  ['server/src/website/extract/probe-common.ts', '../../common/csv.ts', false],
  // The static files read the site's build, its list of pages and the widget's panel markup, and
  // nothing else of ours.
  ['server/src/static/probe-site.ts', '../../../site/build/load-site-env.ts', false],
  ['server/src/static/probe.ts', '../reps/rep-accounts.ts', true],
  ['server/src/static/probe-widget.ts', '../../../widget/src/embed.ts', true],
  ['server/src/static/probe-panel.ts', '../../../widget/src/element/declarative-panel.ts', false],
  ['server/src/static/probe-boot-panel.ts', '../../../widget/src/element/boot-panel.ts', true],
  ['site/src/features/landing/probe.ts', '../prospect/prospect-page.tsx', true],
  ['site/src/lib/probe-feature.ts', '../features/reps/rep-paths.ts', true],
  ['site/src/components/probe-feature.ts', '../features/landing/landing-page.tsx', true],
  ['site/src/components/probe-app.ts', '../app/match-route.ts', true],
  ['site/src/features/newfeature/probe.ts', '../reps/rep-paths.ts', true],
  ['site/src/features/newfeature/probe-lib.ts', '../../lib/use-keyed-load.ts', false],
  ['site/src/features/reps/detail/probe-app.ts', '../../../app/match-route.ts', true],
  ['site/src/features/reps/detail/probe-own.ts', '../rep-paths.ts', false],
  ['site/src/features/reps/detail/probe-other.ts', '../../landing/landing-page.tsx', true],
  ['site/src/features/reps/detail/probe-lib.ts', '../../../lib/use-keyed-load.ts', false],
  ['site/src/features/landing/probe-lib.ts', '../../lib/use-keyed-load.ts', false],
  ['site/src/features/reps/form/probe.ts', '../../prospect/prospect-page.tsx', true],
  ['site/src/features/reps/form/probe-components.ts', '../../../components/prospect-hero.tsx', false],
  ['site/src/app/probe.ts', '../../../widget/src/embed.ts', true],
  ['site/src/app/probe-server.ts', '../../../server/src/app.ts', true],
  ['widget/src/voice/probe.ts', '../../../worker/levels.worker.ts', true],
  ['widget/src/audio/probe.ts', '../../../worker/levels.worker.ts', false],
  ['widget/src/lib/probe.ts', '../state/demo-store.ts', true],
  ['widget/src/lib/probe-feature.ts', '../toast/toasts.ts', true],
  ['widget/src/lib/probe-lib.ts', './lazy-part.ts', false],
  ['widget/src/lib/probe-core.ts', '#core/api-error.ts', false],
  ['widget/src/state/probe.ts', '../phone/phone-dialog.tsx', true],
  ['widget/src/state/probe-ui.ts', '../ui/demo-panel.tsx', true],
  ['widget/src/state/probe-voice.ts', '../voice/browser-call.ts', true],
  ['widget/src/state/probe-lib.ts', '../lib/lazy-part.ts', false],
  ['widget/src/state/probe-core.ts', '#core/prospect.ts', false],
  ['widget/src/state/probe-type.ts', '../voice/live-call.ts', false, 'LiveCallStore'],
  ['widget/src/state/probe-type-only.ts', '../voice/live-call.ts', true, 'createLiveCallStore'],
  ['widget/src/state/probe-toasts.ts', '../toast/toasts.ts', false, 'showToast'],
  ['widget/src/state/probe-toast-ui.ts', '../toast/toasts.ts', true, 'toastUi'],
  ['widget/src/state/probe.test.ts', '../testing/test-demo-store.ts', false],
]

let scratch: string
let refused: Set<string>

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'voice-demo-boundaries-'))
  for (const config of CONFIGS) {
    mkdirSync(dirname(join(scratch, config)), { recursive: true })
    copyFileSync(join(root, config), join(scratch, config))
  }
  for (const [file, from, , name = 'probe'] of PROBES) {
    mkdirSync(dirname(join(scratch, file)), { recursive: true })
    const imported = name === 'probe' ? name : `${name} as probe`
    writeFileSync(join(scratch, file), `import { ${imported} } from '${from}'\n\nexport const used = probe\n`)
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
