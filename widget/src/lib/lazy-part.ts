/**
 * A lazily imported part of the widget (a chunk's component or entry): fetched on first use, then
 * kept for every element on the page. A failed fetch is forgotten, so the next use tries again: the
 * visitor may have been offline for a moment.
 */
export interface LazyPart<T> {
  /** The part once it has arrived; null before. */
  get(): T | null
  /** Fetches the part, once however often it is asked for. */
  load(): Promise<T>
}

export function lazyPart<T>(importPart: () => Promise<T>): LazyPart<T> {
  let part: T | null = null
  let loading: Promise<T> | undefined
  return {
    get: () => part,
    load: () =>
      (loading ??= importPart().then(
        (loaded) => (part = loaded),
        (error: unknown) => {
          loading = undefined
          throw error
        },
      )),
  }
}
