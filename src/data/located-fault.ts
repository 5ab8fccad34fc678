/** A fault of a data file, where a maintainer finds it: file, line and column. */
export interface LocatedFault {
  readonly file: string
  readonly line: number
  readonly column: number
  readonly path: readonly (string | number)[]
  readonly message: string
}

/** Anchors keep shared sources short; the cap stops an alias bomb from exhausting memory. */
export const MAX_ALIAS_COUNT = 10_000
