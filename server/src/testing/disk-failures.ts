import { lstatSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** What PGlite throws when its filesystem fails: not an Error, a bare object with Emscripten's errno. */
export class EmscriptenErrnoError {
  readonly name = 'ErrnoError'
  constructor(readonly errno: number) {}
}

/** Emscripten's numbers (PGlite's ERRNO_CODES), as PGlite reports them. */
export const EMSCRIPTEN_ENOSPC = 51
export const EMSCRIPTEN_EROFS = 69

const NODE_MESSAGES: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on device',
  EROFS: 'read-only file system',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
}

/** An error as Node's fs throws it for `syscall` on `path`. */
export function nodeFsError(code: string, syscall: string, path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`${code}: ${NODE_MESSAGES[code] ?? 'failed'}, ${syscall} '${path}'`), {
    code,
    syscall,
    path,
  })
}

/** Every directory and file under `root`, `root` included, with its permission bits. */
export function modesUnder(root: string): { path: string; kind: 'directory' | 'file'; mode: number }[] {
  const stat = lstatSync(root)
  if (stat.isSymbolicLink()) return []
  const entry = {
    path: root,
    kind: stat.isDirectory() ? ('directory' as const) : ('file' as const),
    mode: stat.mode & 0o7777,
  }
  if (!stat.isDirectory()) return [entry]
  return [entry, ...readdirSync(root).flatMap((name) => modesUnder(join(root, name)))]
}

/** The entries of `modesUnder` that are not owner-only (directories 0700, files 0600), as `mode path`. */
export function notPrivate(root: string): string[] {
  return modesUnder(root)
    .filter(({ kind, mode }) => mode !== (kind === 'directory' ? 0o700 : 0o600))
    .map(({ path, mode }) => `${mode.toString(8)} ${path}`)
}
