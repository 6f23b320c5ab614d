import type { Plugin, Rolldown } from 'vite'

/**
 * Keeps every module the core entry imports statically in the core's own file, whatever the lazy
 * chunks share with it. Left to its heuristics, the bundler sometimes moves such shared modules (Preact,
 * the store) into an extra common chunk, depending on how the lazy chunks happen to overlap: the page
 * would then fetch that file one round trip after widget.mjs, before any button could show. Naming
 * the entry's static closure as one group makes the entry chunk hold it, every build.
 */
export function coreChunk(entry: RegExp, name: string) {
  const modules = new Set<string>()
  const plugin: Plugin = {
    name: 'voice-demo:core-chunk',
    apply: 'build',
    buildEnd() {
      modules.clear()
      const root = [...this.getModuleIds()].find((id) => entry.test(id))
      if (!root) return this.error(`no module matches the core entry ${entry}`)
      const visit = (id: string): void => {
        if (modules.has(id)) return
        modules.add(id)
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported)
      }
      visit(root)
    },
  }
  const codeSplitting: Rolldown.OutputOptions['codeSplitting'] = {
    groups: [{ name, test: (id: string) => modules.has(id) }],
  }
  return { plugin, codeSplitting }
}
