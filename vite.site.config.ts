import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, loadEnv, type Plugin } from 'vite'
import { preloadFonts } from './site/build/fonts/font-preloads.ts'
import { loadSiteEnv, type SiteEnv } from './site/build/load-site-env.ts'
import { minifyPublicScripts } from './site/build/minify-public-scripts.ts'
import { recordSiteBuild } from './site/build/site-build-record.ts'

const repoRoot = fileURLToPath(new URL('.', import.meta.url))
const API_SERVER = 'http://127.0.0.1:8787'

const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

/**
 * Fills `%PRODUCT_NAME%` and `%WIDGET_SCRIPT_URL%` in index.html before Vite reads it, so the widget
 * tag stays a plain partner-style `<script async src>` whose URL is chosen at build time.
 */
function fillIndexHtml(env: SiteEnv): Plugin {
  const values: Record<string, string> = {
    PRODUCT_NAME: env.PRODUCT_NAME,
    WIDGET_SCRIPT_URL: env.WIDGET_SCRIPT_URL,
  }
  return {
    name: 'site:fill-index-html',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) =>
        html.replace(/%(PRODUCT_NAME|WIDGET_SCRIPT_URL)%/g, (_, key: string) =>
          escapeHtml(values[key] ?? ''),
        ),
    },
  }
}

/** The React host site: `site/` → `dist/site/`. The widget is NOT bundled here; the page loads it. */
export default defineConfig(({ mode, isSsrBuild }) => {
  const env = loadSiteEnv(loadEnv(mode, repoRoot, ''))
  return {
    root: fileURLToPath(new URL('./site', import.meta.url)),
    envDir: repoRoot,
    plugins: [
      react(),
      tailwindcss(),
      fillIndexHtml(env),
      recordSiteBuild(env),
      preloadFonts(),
      minifyPublicScripts(),
    ],
    // site/src/config.ts is the only reader of these.
    define: {
      'import.meta.env.PRODUCT_NAME': JSON.stringify(env.PRODUCT_NAME),
      'import.meta.env.SITE_API_BASE': JSON.stringify(env.SITE_API_BASE),
      'import.meta.env.CALENDLY_URL': JSON.stringify(env.CALENDLY_URL),
    },
    build: {
      outDir: fileURLToPath(new URL('./dist/site', import.meta.url)),
      emptyOutDir: true,
      // The server entry's build needs none of the public files: the site's build serves them.
      copyPublicDir: !isSsrBuild,
      // Which files each page's lazy chunk needs, for the prerendered pages' modulepreloads; read and
      // removed by scripts/prerender-site.ts, so it is never served.
      manifest: !isSsrBuild,
    },
    // `vite -c vite.site.config.ts` next to `npm run serve`: the API and the built widget come from it.
    server: {
      proxy: {
        '/api': API_SERVER,
        '/widget.mjs': API_SERVER,
        '/widget.js': API_SERVER,
        '/widget-chunks': API_SERVER,
      },
    },
  }
})
