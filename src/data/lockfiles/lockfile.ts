/**
 * A lockfile read as its packages (docs/api.md, "Readiness"): every package it installs, at
 * its version, with what the file records it declares (npm `engines` and peers, Python's
 * `Requires-Python`) and where in the file it is. One reader a format, each `text → Lockfile`;
 * readiness, stacks and `compat scan` read them alike.
 */
import type { Declarations, Ecosystem } from '../../core/readiness/declarations.ts'
import type { LeftOut, StackFileFault } from '../stack-files/stack-file.ts'

export type LockfileFormat = 'package-lock' | 'pnpm-lock' | 'poetry-lock' | 'uv-lock' | 'pylock'

export interface LockedPackage {
  /** As the ecosystem spells it (npm: as published, `@scope/name`; PyPI: as the file writes it). */
  readonly name: string
  readonly version: string
  /**
   * The key path of its entry: a JSON pointer in package-lock.json
   * (`/packages/node_modules~1react`), the same path into the parsed YAML or TOML
   * (`/packages/react@18.3.1`, `/package/3`).
   */
  readonly location: string
  /** The line its entry starts on (1-based); null when it cannot be told. */
  readonly line: number | null
  /** The root (the project the file locks) depends on it directly. */
  readonly direct: boolean
  /**
   * What the file records it declares; undefined when the format records none for it (uv.lock;
   * a pylock.toml entry without `requires-python`), so that only its registry can tell.
   */
  readonly declarations?: Declarations
}

export interface LockRoot {
  readonly name?: string
  readonly version?: string
  /** The project's own declarations (its `engines`, its `requires-python`). */
  readonly declarations?: Declarations
  readonly location: string
  readonly line: number | null
}

export interface Lockfile {
  readonly format: LockfileFormat
  readonly ecosystem: Ecosystem
  /** The project the file locks, when the file records it. */
  readonly root: LockRoot | null
  /** In file order. */
  readonly packages: readonly LockedPackage[]
  /** Entries that are no installed package of a registry (workspaces, links), and why. */
  readonly leftOut: readonly LeftOut[]
}

export type ReadLockfile =
  | { readonly ok: true; readonly lockfile: Lockfile }
  | {
      readonly ok: false
      /** The format the file claims; null when it claims none. */
      readonly format: LockfileFormat | null
      /** Every fault, in file order. */
      readonly faults: readonly StackFileFault[]
    }
