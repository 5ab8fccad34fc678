/**
 * A stack read from a file people already have (an SBOM, a lockfile, a requirements file, the
 * output of `helm list` or `kubectl version`): the components it runs, at one version each,
 * and everything the reader did not take, each with where in the file it is.
 */
import type { Declarations } from '../../core/readiness/declarations.ts'
import { excerpt } from '../../core/text/excerpt.ts'

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
      /** The first faults, in file order: at most `MAX_FAULTS`. */
      readonly faults: readonly StackFileFault[]
      /** How many faults the file has in all. */
      readonly faultCount: number
    }

/**
 * The faults a file's reading keeps: the first hundred, in file order, and how many there are.
 * A 4 MiB file can hold two million faults (a list of two million numbers where components
 * belong); listing every one made a 188 MB answer (docs/api.md, "Errors and limits").
 */
export const MAX_FAULTS = 100
const MAX_LOCATION_LENGTH = 200

/** Where a reader writes its faults: a `FaultList`, or a plain list (the lockfile readers'). */
export interface FaultSink {
  push(fault: StackFileFault): unknown
}

/**
 * Faults as a reader finds them: the first `MAX_FAULTS` kept, every one counted. A location
 * is kept to its first 200 characters, control characters escaped: a pointer into a file is
 * made of the file's own keys, and one key may be a megabyte long.
 */
export class FaultList {
  readonly kept: StackFileFault[] = []
  /** Every fault pushed, the ones not kept too. */
  length = 0

  push(fault: StackFileFault): void {
    if (this.kept.length < MAX_FAULTS)
      this.kept.push({
        reason: fault.reason,
        location: excerpt(fault.location, MAX_LOCATION_LENGTH),
      })
    this.length++
  }

  /** A list of these faults, of a file read as `format`. */
  failure(format: StackFileFormat | null): Extract<ReadStackFile, { ok: false }> {
    return { ok: false, format, faults: this.kept, faultCount: this.length }
  }
}

/** A file refused with one fault. */
export function refusedFile(
  format: StackFileFormat | null,
  fault: StackFileFault,
): Extract<ReadStackFile, { ok: false }> {
  return { ok: false, format, faults: [fault], faultCount: 1 }
}
