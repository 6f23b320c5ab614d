import type { Db } from '../data/database.ts'

/**
 * The database, but the first query `matches` says yes to waits until the test releases it: the
 * test sees the work stopped exactly there (`arrived`), looks at what others can read meanwhile, then
 * lets it go on. Every other query passes straight through.
 */
export function holdQuery(db: Db, matches: (text: string, params: unknown[] | undefined) => boolean) {
  let held = false
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let arrive = () => {}
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve
  })
  const holding: Db = {
    async query<T>(text: string, params?: unknown[]) {
      if (!held && matches(text, params)) {
        held = true
        arrive()
        await released
      }
      return db.query<T>(text, params)
    },
  }
  return { db: holding, arrived, release }
}
