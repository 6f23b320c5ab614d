import type { Plugin, Rolldown } from 'vite'

/** One file of the widget that holds every module its root imports statically. */
export interface PinnedChunk {
  /** The module the file starts from. */
  root: RegExp
  /** The chunk's name. */
  name: string
}

/**
 * Keeps every module a root imports statically in that root's own file, whatever the lazy chunks share
 * with it: the boot's modules in widget.mjs, and then the rest of the widget's (app.ts, less what the
 * boot holds) in one chunk. Left to its heuristics, the bundler sometimes moves such shared modules
 * (Preact, the store) into an extra common chunk, depending on how the lazy chunks happen to overlap:
 * the page would then fetch that file one round trip later, before the panel could take over. Naming
 * each root's static closure as one group makes one file hold it, every build. Earlier chunks win:
 * a module the boot holds is not copied into the rest.
 */
export function pinnedChunks(chunks: readonly PinnedChunk[]) {
  const members = chunks.map(() => new Set<string>())
  const plugin: Plugin = {
    name: 'voice-demo:pinned-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()]
      const taken = new Set<string>()
      for (const [index, { root }] of chunks.entries()) {
        const modules = members[index] as Set<string>
        modules.clear()
        const start = ids.find((id) => root.test(id))
        if (!start) return this.error(`no module matches ${root}`)
        const visit = (id: string): void => {
          if (modules.has(id) || taken.has(id)) return
          modules.add(id)
          for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported)
        }
        visit(start)
        for (const id of modules) taken.add(id)
      }
    },
  }
  const codeSplitting: Rolldown.OutputOptions['codeSplitting'] = {
    groups: chunks.map(({ name }, index) => ({
      name,
      test: (id: string) => (members[index] as Set<string>).has(id),
      priority: chunks.length - index,
    })),
  }
  return { plugin, codeSplitting }
}
