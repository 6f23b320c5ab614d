/** The types of scripts/run-built.mjs, plain JavaScript that Node runs without compiling. */
export declare const BUILT_ENTRIES: {
  readonly node: string
  readonly db: string
  readonly prospects: string
  readonly reps: string
}
export declare function runBuilt(name: keyof typeof BUILT_ENTRIES, onSources?: () => void): Promise<void>
