/**
 * A stack read from a file people already have (an SBOM, a lockfile, a requirements file, the
 * output of `helm list` or `kubectl version`): the components it runs, at one version each,
 * and everything the reader did not take, each with where in the file it is.
 */
import type { Declarations } from '../../core/readiness/declarations.ts'

export type StackFileFormat =
  | 'cyclonedx'
  | 'spdx'
  | 'package-lock'
  | 'pnpm-lock'
  | 'poetry-lock'
  | 'uv-lock'
  | 'pylock'
  | 'requirements'
  | 'helm-list'
  | 'kubectl-version'

/**
 * Where in the file: a JSON pointer in a JSON document (`/components/3`, `''` for the whole
 * document), `FILE:LINE` in a requirements file (`line LINE` when the file has no name), and
 * `line L, column C` for a JSON syntax error.
 */
export type StackFileLocation = string

export interface StackFileComponent {
  readonly name: string
  /** As the file writes it (`v1.30.4-eks-a0f0ba7` stays so): the deployed version. */
  readonly version: string
  /** A package URL, when the file gives one or the format implies one (npm, PyPI). */
  readonly purl?: string
  /**
   * `helm list` only: the version of the application the chart deploys, a second candidate
   * for a matcher whose catalogued project is the application rather than the chart.
   */
  readonly appVersion?: string
  /** requirements.txt only: the environment marker the pin holds under, as written. */
  readonly marker?: string
  readonly location: StackFileLocation
}

/** A name found at several versions: the one the stack keeps, and why. */
export interface DuplicateComponent {
  readonly name: string
  readonly kept: string
  /** Why `kept` won: the root depends on it directly, or it is the highest. */
  readonly reason: string
  /** Each other version once, where it was first found. */
  readonly others: readonly { readonly version: string; readonly location: StackFileLocation }[]
}

/** A part of the file that is not a component of the stack, and why. */
export interface LeftOut {
  readonly name?: string
  readonly reason: string
  readonly location: StackFileLocation
}

export interface StackFile {
  readonly format: StackFileFormat
  readonly components: readonly StackFileComponent[]
  readonly duplicates: readonly DuplicateComponent[]
  readonly leftOut: readonly LeftOut[]
  /** A lockfile's root project's own declarations (its `engines`), when the file records them. */
  readonly rootDeclarations?: Declarations
}

/** Why a file cannot be read as the format it claims, and where. */
export interface StackFileFault {
  readonly reason: string
  readonly location: StackFileLocation
}

export type ReadStackFile =
  | { readonly ok: true; readonly stack: StackFile }
  | {
      readonly ok: false
      /** The format the file claims; null when it claims none. */
      readonly format: StackFileFormat | null
      /** Every fault, in file order. */
      readonly faults: readonly StackFileFault[]
    }
