import { readFile, writeFile } from 'node:fs/promises'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { BUILT_ENTRIES } from './run-built.mjs'

const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url))
/**
 * Where `npm start`, `npm run serve` and the operator's commands find the server and the commands
 * (scripts/run-built.mjs): outside dist/, which holds only what browsers and WordPress sites download,
 * so nothing of the server's sits among those files.
 */
export const SERVER_BUNDLE_DIR = resolve(REPO_ROOT, 'build/server')
/** Beside the bundles: the source files they were made of, so that a start can tell they are out of date. */
export const bundleInputsFile = (outdir: string) => join(outdir, 'inputs.json')

/**
 * The Node server and the commands (`npm run db`, `prospects`, `reps`), each as one JavaScript file
 * in `outdir` named after its entry in {@link BUILT_ENTRIES}, their packages left in node_modules. Run
 * as it is, the server holds about 80 MB less than through tsx, which compiles each TypeScript module
 * as it loads in a thread of its own, and a command starts without compiling anything. Each module's
 * `import.meta.url` is rewritten to its source file's address, relative to the bundle, so everything
 * a module finds beside itself (the migrations, the agent templates, the built site, the database
 * thread's entry, the fonts) is found as from the sources, wherever the checkout lives. The bundles
 * must therefore sit two folders below the repository's root.
 */
export async function buildServer(outdir = SERVER_BUNDLE_DIR): Promise<void> {
  const result = await build({
    entryPoints: Object.entries(BUILT_ENTRIES).map(([out, entry]) => ({
      out,
      in: resolve(REPO_ROOT, entry),
    })),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    outdir,
    outExtension: { '.js': '.mjs' },
    absWorkingDir: REPO_ROOT,
    metafile: true,
    logLevel: 'warning',
    plugins: [
      {
        name: 'source-file-urls',
        setup(builder) {
          builder.onLoad({ filter: /\.ts$/ }, async (args) => {
            const source = await readFile(args.path, 'utf8')
            const fromBundle = relative(outdir, args.path).split('\\').join('/')
            const url = `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`
            return { contents: source.replace(/\bimport\.meta\.url\b/g, url), loader: 'ts' }
          })
        },
      },
    ],
  })
  const inputs = Object.keys(result.metafile.inputs).map((input) => input.split('\\').join('/'))
  await writeFile(bundleInputsFile(outdir), `${JSON.stringify(inputs, null, 1)}\n`)
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    await buildServer()
    console.log(`Server and commands: ${relative(REPO_ROOT, SERVER_BUNDLE_DIR)}/`)
  } catch (error) {
    console.error(error)
    process.exitCode = 1
  }
}
