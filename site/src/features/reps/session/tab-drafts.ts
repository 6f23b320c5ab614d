/**
 * What a rep typed and has not saved, kept in this tab's session storage: it survives a reload, a
 * move to another page and back, and the trip through sign-in when the session ends mid-edit. It is
 * gone once saved or discarded, when the tab closes, and when the rep signs out here (whoever uses
 * this browser next must not find it). Session storage rather than local: a draft stays with the tab
 * it was typed in, so two tabs editing one prospect never overwrite each other's.
 */
const PREFIX = 'reps:draft:'

/** The draft kept under `name`, as it was kept (parsed JSON); null when there is none. */
export function readDraft(name: string): unknown {
  try {
    const text = sessionStorage.getItem(PREFIX + name)
    return text === null ? null : JSON.parse(text)
  } catch {
    return null // storage refused (a private window's settings) or a value not ours
  }
}

export function keepDraft(name: string, value: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + name, JSON.stringify(value))
  } catch {
    // Storage refused or full: the page still works, only a reload loses what was typed.
  }
}

export function forgetDraft(name: string): void {
  try {
    sessionStorage.removeItem(PREFIX + name)
  } catch {
    // As above.
  }
}

/** Every draft of this tab: the rep signed out. */
export function forgetAllDrafts(): void {
  try {
    const names = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i))
    for (const key of names) if (key?.startsWith(PREFIX)) sessionStorage.removeItem(key)
  } catch {
    // As above.
  }
}

/** Every draft of this tab, as kept, with its name: what signing out here would discard. */
export function listDrafts(): { name: string; value: unknown }[] {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i))
    return keys
      .filter((key): key is string => key?.startsWith(PREFIX) === true)
      .sort()
      .map((key) => ({ name: key.slice(PREFIX.length), value: readDraft(key.slice(PREFIX.length)) }))
  } catch {
    return [] // as above: nothing kept, nothing to lose
  }
}
