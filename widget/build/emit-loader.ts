import { build, type Plugin, type Rolldown } from 'vite'

export interface EmitLoaderOptions {
  /** The loader's TypeScript entry, relative to the project root. */
  entry: string
  /** Name of the core entry chunk (a key of `rolldownOptions.input`) whose file the loader imports. */
  coreEntryName: string
  /** File name of the emitted loader, relative to outDir. */
  fileName: string
}

/**
 * Emits the loader as a classic script. It is bundled separately, as an IIFE, because it must run
 * from `<script async src>` on any page any number of times: no `import`/`export` statements, no
 * top-level bindings, and not an ES chunk of the main build (Vite's preload helper and shared chunks
 * would turn it into a module). The core's file name is known only now, so it is defined in.
 */
export function emitLoader(options: EmitLoaderOptions): Plugin {
  let root = process.cwd()
  return {
    name: 'voice-demo:emit-loader',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    async generateBundle(_output, bundle) {
      const core = Object.values(bundle).find(
        (file): file is Rolldown.OutputChunk =>
          file.type === 'chunk' && file.isEntry && file.name === options.coreEntryName,
      )
      if (!core) return this.error(`entry chunk "${options.coreEntryName}" not found`)
      const source = await bundleClassicScript(root, options.entry, { __VOICE_DEMO_CORE__: core.fileName })
      assertClassicScript(source, options.fileName)
      this.emitFile({ type: 'asset', fileName: options.fileName, source })
    },
  }
}

async function bundleClassicScript(root: string, entry: string, defines: Record<string, string>) {
  const result = await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: Object.fromEntries(Object.entries(defines).map(([key, value]) => [key, JSON.stringify(value)])),
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      minify: true,
      target: 'es2020',
      modulePreload: false,
      rolldownOptions: { input: entry, output: { format: 'iife' } },
    },
  })
  const outputs = Array.isArray(result) ? result : [result]
  const chunk = outputs
    .flatMap((out) => ('output' in out ? out.output : []))
    .find((file) => file.type === 'chunk')
  if (!chunk) throw new Error(`the loader ${entry} produced no chunk`)
  return chunk.code
}

/** Fails the build when the loader could not run as a classic script (an import, export or import.meta). */
export function assertClassicScript(code: string, fileName: string): void {
  try {
    new Function(code) // parses with the Script goal, like <script src>, without running it
  } catch (cause) {
    throw new Error(`${fileName} is not a classic script: ${String(cause)}`)
  }
}
