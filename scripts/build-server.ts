import { readFile, writeFile } from 'node:fs/promises'
import { dirname, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url))
/**
 * Where `npm start` and `npm run serve` find the server (scripts/serve.mjs): outside dist/, which holds
 * only what browsers and WordPress sites download, so nothing of the server's sits among those files.
 */
export const SERVER_BUNDLE = resolve(REPO_ROOT, 'build/server/node.mjs')
/** Beside the bundle: the source files it was made of, so that a start can tell it is out of date. */
export const bundleInputsFile = (outfile: string) => resolve(dirname(outfile), 'inputs.json')

/**
 * The Node server as one JavaScript file, its packages left in node_modules. Run as it is, the server
 * holds about 80 MB less than through tsx, which compiles each TypeScript module as it loads in a
 * thread of its own. Each module's `import.meta.url` is rewritten to its source file's address,
 * relative to the bundle, so everything a module finds beside itself (the migrations, the agent
 * templates, the built site, the database thread's entry, the fonts) is found as from the sources,
 * wherever the checkout lives. The bundle must therefore sit two folders below the repository's root.
 */
export async function buildServer(outfile = SERVER_BUNDLE): Promise<void> {
  const result = await build({
    entryPoints: [resolve(REPO_ROOT, 'server/src/node.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outfile,
    absWorkingDir: REPO_ROOT,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'source-file-urls',
        setup(builder) {
          builder.onLoad({ filter: /\.ts$/ }, async (args) => {
            const source = await readFile(args.path, 'utf8')
            const fromBundle = relative(dirname(outfile), args.path).split('\\').join('/')
            const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`
            return { contents: source.replace(/\bimport\.meta\.url\b/g, url), loader: 'ts' }
          })
        },
      },
    ],
  })
  const inputs = Object.keys(result.metafile.inputs).map((input) => input.split('\\').join('/'))
  await writeFile(bundleInputsFile(outfile), `${JSON.stringify(inputs, null, 1)}\n`)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await buildServer()
    console.log(`Server: ${relative(REPO_ROOT, SERVER_BUNDLE)}`)
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  }
}
