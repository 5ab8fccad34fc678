/**
 * What a file of a repository says it runs on (docs/cli.md, "compat scan"): one component,
 * where the file says it, and at what — a pinned version, a range, or nothing readable. The
 * readers of `src/data/repository` write these; `evaluateScan` judges them.
 */

/** What kind of declaration it is: the readers' vocabulary, shown as `kind` in a finding. */
export const DECLARATION_KINDS = [
  'image',
  'version-file',
  'tool-versions',
  'mise',
  'engines',
  'requires-python',
  'setup-action',
  'kube-version',
  'lockfile',
] as const

export type DeclarationKind = (typeof DECLARATION_KINDS)[number]

/** A place in the repository: the file relative to the scanned folder (with `/`), its line from 1. */
export interface SourceLocation {
  readonly file: string
  readonly line: number
}

export type Declared =
  /** A pinned version, read from the file (`20.11` from the tag `20.11-alpine`). */
  | { readonly version: string }
  /**
   * A range as written (`>=3.9`, `^18 || ^20`), and the same in compat's grammar
   * (src/core/version/grammar.md): one range a written alternative.
   */
  | { readonly range: string; readonly ranges: readonly string[] }
  /** No version can be read; why (`the tag 'latest' names no version`). */
  | { readonly unknown: string }

export interface Declaration {
  /** The name as the file gives it: an image without its tag, a tool, an engines key. */
  readonly component: string
  /** Its package URL when the file implies one (an image's `pkg:docker/…`, a lockfile entry's). */
  readonly purl?: string
  readonly kind: DeclarationKind
  /** What the file writes, for people: `node:20.11-alpine`, `>=3.9`. */
  readonly text: string
  readonly declared: Declared
  readonly location: SourceLocation
  /**
   * Whether only a catalogued project makes a finding: a lockfile's hundreds of packages are
   * mostly libraries no catalogue knows, and listing each would bury what matters.
   */
  readonly onlyCatalogued?: boolean
}
