import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Browser } from '@playwright/test'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import { measureRun } from './measure-run.ts'
import { PROFILES } from './profiles.ts'
import { formatValue, getMetricMedian } from './report.ts'

const HEADING = 'Hey Dr. Maya Patel, here is a page that only hydrates this heading with react-dom'
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>floor</title></head><body><div id="root"><h1>${HEADING}</h1></div><script type="module" src="./main.tsx"></script></body></html>`
const MAIN = `import { hydrateRoot } from 'react-dom/client'\nhydrateRoot(document.getElementById('root'), <h1>${HEADING}</h1>)\n`

/**
 * The framework's own share of a page's total blocking time: a page that hydrates one heading with
 * react-dom and nothing else, built with the site's React plugin and measured like the site's pages
 * (phone-like profile, median of `runs` cold runs). What the site's figures cannot go below while
 * the site runs on React. Prints one line; resolves the median TBT in ms.
 */
export async function measureFrameworkFloor(browser: Browser, runs: number): Promise<number> {
  // Inside the repository, so the build resolves react-dom from its node_modules.
  const root = await mkdtemp(join(process.cwd(), 'node_modules', '.bench-floor-'))
  const server = createServer(async (request, response) => {
    const path = request.url === '/' ? '/index.html' : (request.url ?? '/')
    const body = await readFile(join(root, 'dist', path)).catch(() => null)
    if (!body || path.includes('..')) return void response.writeHead(404).end()
    const type = path.endsWith('.js') ? 'text/javascript' : 'text/html'
    response.writeHead(200, { 'Content-Type': type, 'Content-Encoding': 'gzip' }).end(gzipSync(body))
  })
  try {
    await writeFile(join(root, 'index.html'), PAGE)
    await writeFile(join(root, 'main.tsx'), MAIN)
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [react()],
      build: { outDir: join(root, 'dist'), emptyOutDir: true },
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
    const phone = PROFILES.find((profile) => profile.name === 'phone')
    if (!phone) throw new Error('no phone profile')
    const measured = []
    for (let run = 0; run < runs; run++) measured.push(await measureRun(browser, url, phone))
    const tbt = getMetricMedian(measured, 'tbt')
    console.log(
      `Reference: a page that only hydrates one heading with react-dom, phone-like profile: TBT ${formatValue('tbt', tbt)} (median of ${runs})`,
    )
    return tbt
  } finally {
    server.close()
    await rm(root, { recursive: true, force: true })
  }
}
