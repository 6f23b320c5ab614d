/**
 * Where `<voice-demo>` keeps its store for the host API (`host-api.ts`): a registered symbol, so it is
 * no public property and the lazy API chunk finds it without the core exporting anything.
 */
export const STORE_KEY = Symbol.for('voice-demo.store')
