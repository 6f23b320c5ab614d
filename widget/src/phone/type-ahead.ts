/** WAI-ARIA listbox type-ahead: typed characters within this long of each other form one search. */
export const TYPE_AHEAD_RESET_MS = 1000

/**
 * Type-ahead over option labels (WAI-ARIA Authoring Practices, listbox): characters typed within
 * 1000 ms of each other search together; repeating one character cycles through the labels starting
 * with it. Returns the index to move to, or -1 when nothing matches.
 */
export function createTypeAhead(now: () => number = () => performance.now()) {
  let buffer = ''
  let lastAt = Number.NEGATIVE_INFINITY
  const search = (char: string, labels: readonly string[], current: number): number => {
    const time = now()
    buffer = time - lastAt > TYPE_AHEAD_RESET_MS ? char : buffer + char
    lastAt = time
    const typed = buffer.toLowerCase()
    const repeated = [...typed].every((c) => c === typed[0])
    // A repeated single character moves on from the current option; a longer search may stay on it.
    const prefix = repeated ? typed.slice(0, 1) : typed
    const start = repeated ? current + 1 : current
    for (let step = 0; step < labels.length; step++) {
      const index = (start + step) % labels.length
      if (labels[index]?.toLowerCase().startsWith(prefix)) return index
    }
    return -1
  }
  return {
    search,
    /** True while a search is under way: a space then belongs to it ("united k") instead of choosing. */
    typing: () => buffer !== '' && now() - lastAt <= TYPE_AHEAD_RESET_MS,
  }
}
