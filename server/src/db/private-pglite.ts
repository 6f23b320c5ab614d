import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'

/** The mode bits a database file must never have: any access for the group or for others. */
const GROUP_AND_OTHER = 0o077

type EmscriptenOptions = Parameters<NodeFS['init']>[1]

interface ModeAttributes {
  mode?: number
}

/** The two calls of Emscripten's NODEFS that give a file on disk its mode. */
interface NodeFsOperations {
  node_ops: {
    mknod(parent: unknown, name: string, mode: number, dev: number): unknown
    setattr(node: unknown, attributes: ModeAttributes): void
  }
  stream_ops: { setattr(stream: unknown, attributes: ModeAttributes): void }
}

/**
 * PGlite's Node filesystem with owner-only files. Emscripten's NODEFS creates each file with mode
 * 0777 and then chmods it to the mode asked for, 0666 by default (the whole initial database is
 * unpacked that way), and chmod ignores the process umask: so no umask can make these files private.
 * Here every mode on its way to disk loses its group and other bits instead.
 */
export class PrivateNodeFS extends NodeFS {
  constructor(dataDir: string) {
    // NodeFS would create a missing root directory with the default mode.
    mkdirSync(dataDir, { recursive: true, mode: 0o700 })
    super(dataDir)
  }

  override async init(
    pg: PGlite,
    options: EmscriptenOptions,
  ): Promise<{ emscriptenOpts: EmscriptenOptions }> {
    const { emscriptenOpts } = await super.init(pg, options)
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // First, so that the mount and everything after it runs with the private modes.
        preRun: [(mod) => keepModesPrivate(mod.NODEFS), ...(emscriptenOpts.preRun ?? [])],
      },
    }
  }
}

export interface PrivatePGliteOptions {
  /** A database image (`dumpDataDir`) to unpack into a new directory instead of running initdb. */
  loadDataDir?: Blob
}

/**
 * Postgres's shared buffers, of which PGlite's default (128 MB) sits in the WebAssembly memory whole
 * and for good once touched. One team's prospects and events fit in far less, and the files are in the
 * system's page cache besides: 16 MB took the reopened database from 385 to 236 MB resident, measured
 * by opening the same data directory alone in a process.
 */
const MEMORY_SETTINGS = ['shared_buffers = 16MB']

/** Opens (and on first use creates) the database in `pgdataDir` with owner-only files. */
export function createPrivatePGlite(pgdataDir: string, options: PrivatePGliteOptions = {}): Promise<PGlite> {
  return PGlite.create({ ...options, postgresqlconf: MEMORY_SETTINGS, fs: new PrivateNodeFS(pgdataDir) })
}

function keepModesPrivate(nodefs: unknown): void {
  if (!isNodeFsOperations(nodefs)) {
    // A PGlite upgrade changed Emscripten's internals: refuse rather than write world-readable files.
    throw new Error("PGlite's NODEFS has no node_ops.mknod/setattr to keep the data files private")
  }
  const { node_ops: nodeOps, stream_ops: streamOps } = nodefs
  const { mknod, setattr } = nodeOps
  const setStreamAttributes = streamOps.setattr
  nodeOps.mknod = (parent, name, mode, dev) => mknod.call(nodeOps, parent, name, mode & ~GROUP_AND_OTHER, dev)
  nodeOps.setattr = (node, attributes) => setattr.call(nodeOps, node, privateModeOf(attributes))
  streamOps.setattr = (stream, attributes) =>
    setStreamAttributes.call(streamOps, stream, privateModeOf(attributes))
}

function privateModeOf(attributes: ModeAttributes): ModeAttributes {
  return attributes.mode === undefined
    ? attributes
    : { ...attributes, mode: attributes.mode & ~GROUP_AND_OTHER }
}

function isNodeFsOperations(value: unknown): value is NodeFsOperations {
  const { node_ops: nodeOps, stream_ops: streamOps } = (value ?? {}) as Partial<Record<string, unknown>>
  const has = (ops: unknown, name: string) =>
    typeof ops === 'object' && ops !== null && typeof (ops as Record<string, unknown>)[name] === 'function'
  return has(nodeOps, 'mknod') && has(nodeOps, 'setattr') && has(streamOps, 'setattr')
}
