/** What a reader of one repository file gives back (docs/cli.md, "compat scan"). */
import type { Declaration } from '../../core/scan/scan-declaration.ts'

/** Why a file, or a part of it, could not be read; `line` null for the whole file. */
export interface FileFault {
  readonly file: string
  readonly line: number | null
  readonly reason: string
}

export interface FileReading {
  readonly declarations: readonly Declaration[]
  readonly faults: readonly FileFault[]
}

/** What a reader may ask beyond its own text: another file of the same folder (a compose file's `.env`). */
export interface ReaderContext {
  /** The text of a file beside this one, read with the same limits; undefined when there is none. */
  readonly sibling: (name: string) => string | undefined
}

/**
 * One reader a file kind: the file's text and its path relative to the scanned folder (with `/`),
 * to what it declares and what it could not read. A reader never judges.
 */
export type RepositoryFileReader = (
  text: string,
  file: string,
  context: ReaderContext,
) => FileReading

export const NOTHING_READ: FileReading = { declarations: [], faults: [] }
