import type { Plugin } from 'vite'

/**
 * Browsers ignore `@property` inside shadow roots, so Tailwind's registered initial values (shadows,
 * rings, gradient stop positions, outline style) never apply there and those utilities compute to
 * nothing. Tailwind already emits the same initial values as a fallback on `*` for browsers without
 * `@property`, guarded by `@supports`; this makes that fallback unconditional and drops the `@property`
 * rules, which are dead weight in a shadow root. Setting the values on every element also keeps
 * `inherits: false` semantics: nothing leaks from a parent to a child, nor from the host page (custom
 * properties cross the shadow boundary).
 */
export function applyShadowRootFallbacks(css: string): string {
  const hasProperties = /@property\s/.test(css)
  const layerAt = css.search(/@layer\s+properties\s*\{/)
  if (layerAt === -1) {
    if (hasProperties) throw new Error('Tailwind emitted @property rules without the `properties` fallback')
    return css
  }
  const supportsAt = css.indexOf('@supports', layerAt)
  const open = css.indexOf('{', supportsAt)
  const close = supportsAt === -1 || open === -1 ? -1 : findClosingBrace(css, open)
  if (close === -1) throw new Error('unexpected shape of Tailwind `@layer properties`')
  const placeholder = '/*resets*/'
  const rest = (css.slice(0, supportsAt) + placeholder + css.slice(close + 1)).replace(
    /@property\s+--[\w-]+\s*\{[^{}]*\}/g,
    '',
  )
  return rest.replace(placeholder, keepReadVariables(css.slice(open + 1, close), rest))
}

/**
 * Drops the resets of variables that no rule of this sheet reads (`--tw-scale-z`, the inset-ring
 * colours): setting them on every element would cost bytes and style work for nothing.
 */
function keepReadVariables(resets: string, css: string): string {
  return resets.replace(/(--tw-[\w-]+)\s*:[^;{}]*;?/g, (declaration, name: string) =>
    css.includes(`var(${name}`) ? declaration : '',
  )
}

function findClosingBrace(text: string, open: number): number {
  let depth = 0
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++
    else if (text[i] === '}' && --depth === 0) return i
  }
  return -1
}

/** Applies {@link applyShadowRootFallbacks} to the compiled Tailwind CSS of matching files. */
export function shadowRootCss(include: RegExp): Plugin {
  return {
    name: 'voice-demo:shadow-root-css',
    apply: 'build',
    // After @tailwindcss/vite (also `pre`, listed first), before Vite turns `?inline` CSS into a string.
    enforce: 'pre',
    transform(code, id) {
      return include.test(id) ? { code: applyShadowRootFallbacks(code), map: null } : null
    },
  }
}
