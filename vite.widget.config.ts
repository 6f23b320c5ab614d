import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import { pinnedChunks } from './widget/build/core-chunk.ts'
import { emitLoader } from './widget/build/emit-loader.ts'
import { emitPanelCss } from './widget/build/panel-css.ts'
import { reportFirstPaintSize } from './widget/build/report-size.ts'
import { shadowRootCss } from './widget/build/shadow-root-css.ts'

const CORE = 'voice-demo'
/** The rest of the widget, which the boot imports at once (widget/src/app.ts). */
const APP = 'app'
/**
 * Both as entries: the rest's chunk then is the app module's own, whose exports the boot's `import()`
 * reads directly. As a mere dynamic import inside a group, the bundler gave it a namespace object
 * built by its runtime helpers, a file of their own fetched one round trip after the rest.
 */
const ENTRIES = { [CORE]: 'widget/src/embed.ts', [APP]: 'widget/src/app.ts' }
/** The file the snippet loads: the boot, unhashed (revalidated on every load). */
const CORE_FILE = 'widget.mjs'
/** The classic loader kept for snippets pasted before widget.mjs existed. */
const LOADER = 'widget.js'
/**
 * Tailwind CSS v4's own baseline (cascade layers, color-mix, @container). The JS targets the same
 * browsers, so class fields and the like ship as written instead of as helpers. The loader alone is
 * ES2020, so that older browsers at least get its console warning.
 */
const BROWSERS = ['chrome111', 'edge111', 'firefox128', 'safari16.4']
/** The boot in widget.mjs; the rest of the widget, which the boot imports at once, in one chunk. */
const core = pinnedChunks([
  { root: /\/widget\/src\/embed\.ts$/, name: CORE },
  { root: /\/widget\/src\/app\.ts$/, name: APP },
])

/**
 * The embeddable widget: `widget.mjs`, the ES-module boot the snippet loads with
 * `<script type="module" async>` (not hashed, revalidated), which draws the panel and imports the
 * rest (`widget-chunks/app-*.js`) at once, and the hashed lazy chunks in
 * `widget-chunks/` (immutable cache), which import what they share from `../widget.mjs`: the module
 * map gives them the page's one instance. ES chunks let heavy parts load lazily and share code with the
 * core; a single classic bundle could not split. `widget.js`, the classic loader of older snippets,
 * imports widget.mjs one round trip later (docs/architecture.md, "Decisions").
 */
export default defineConfig({
  root: import.meta.dirname,
  publicDir: false,
  // development: false even when NODE_ENV is not production (Vitest sets "test"): no jsxDEV source info.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact', development: false } },
  plugins: [
    tailwindcss(),
    shadowRootCss(/\/widget\/src\/.*\.css(\?|$)/),
    emitPanelCss(),
    emitLoader({ entry: 'widget/src/loader.ts', coreEntryName: CORE, fileName: LOADER }),
    reportFirstPaintSize(CORE),
    core.plugin,
  ],
  build: {
    outDir: 'dist/widget',
    emptyOutDir: true,
    copyPublicDir: false,
    minify: true,
    target: BROWSERS,
    cssTarget: BROWSERS,
    // The preload helper would resolve chunk URLs against the host page, not our origin.
    lib: { entry: ENTRIES, formats: ['es'] },
    modulePreload: false,
    reportCompressedSize: false,
    rolldownOptions: {
      input: ENTRIES,
      // As in app mode: the core may export what lazy chunks share with it (lib mode would split it out).
      preserveEntrySignatures: 'allow-extension',
      output: {
        format: 'es',
        minify: true,
        // Library mode keeps `@__PURE__` annotations for a downstream bundler; our chunks are final.
        comments: { legal: true, annotation: false, jsdoc: false },
        // Everything the boot needs stays in widget.mjs, everything the rest needs in its chunk; only
        // lazy parts become other chunks.
        codeSplitting: core.codeSplitting,
        entryFileNames: (chunk) => (chunk.name === CORE ? CORE_FILE : 'widget-chunks/[name]-[hash].js'),
        chunkFileNames: 'widget-chunks/[name]-[hash].js',
        assetFileNames: 'widget-chunks/[name]-[hash][extname]',
      },
    },
  },
})
