/**
 * A PEP 440 version specifier set (`>=3.8, !=3.9.*, <4`, `~=3.10`, `==3.12.*`), as a package
 * declares it in `Requires-Python` or a `Requires-Dist` entry, and whether a version is in it
 * by PEP 440's rules: the same answers pip gives when it checks `Requires-Python`, which is
 * with pre-releases admitted (a Python 3.14 release candidate is asked about on purpose).
 * Poetry's lockfiles write `*` for a package that declares nothing; that reads as any version.
 */
import { comparePublicVersions, compareRelease } from './compare-python-versions.ts'
import {
  isPythonPreRelease,
  type PythonVersion,
  parsePythonVersion,
} from './parse-python-version.ts'

export type SpecifierOperator = '~=' | '==' | '!=' | '<=' | '>=' | '<' | '>' | '==='

export interface SpecifierClause {
  readonly operator: SpecifierOperator
  /** The version as written (for `===`, the text compared). */
  readonly text: string
  /** Null for `===`, which compares text. */
  readonly version: PythonVersion | null
  /** `==3.12.*` and `!=3.0.*`: prefix matching. */
  readonly wildcard: boolean
}

export type ParsedSpecifier =
  | { readonly clauses: readonly SpecifierClause[] }
  | { readonly error: string }

// Longest first: `===` before `==`, `<=` before `<`.
const OPERATORS: readonly SpecifierOperator[] = ['===', '~=', '==', '!=', '<=', '>=', '<', '>']
const MAX_CLAUSES = 64

/**
 * @example parsePythonSpecifier('>=3.8, <4') // { clauses: [>=3.8, <4] }
 * @example parsePythonSpecifier('=>3.8') // { error: "'=>3.8' is not a version clause" }
 */
export function parsePythonSpecifier(text: string): ParsedSpecifier {
  const trimmed = text.trim()
  if (trimmed === '' || trimmed === '*') return { clauses: [] }
  const parts = trimmed.split(',')
  if (parts.length > MAX_CLAUSES) return { error: `more than ${MAX_CLAUSES} clauses` }
  const clauses: SpecifierClause[] = []
  for (const part of parts) {
    const clause = parseClause(part.trim())
    if ('error' in clause) return clause
    clauses.push(clause)
  }
  return { clauses }
}

function parseClause(text: string): SpecifierClause | { readonly error: string } {
  const operator = OPERATORS.find((candidate) => text.startsWith(candidate))
  if (operator === undefined) return { error: `'${text}' is not a version clause` }
  const written = text.slice(operator.length).trim()
  if (operator === '===') {
    return written === ''
      ? { error: `'${text}' names no version` }
      : { operator, text: written, version: null, wildcard: false }
  }
  const wildcard = written.endsWith('.*')
  const versionText = wildcard ? written.slice(0, -2) : written
  const version = parsePythonVersion(versionText)
  if (version === null) return { error: `'${text}': '${written}' is not a PEP 440 version` }
  if (wildcard && (operator === '==' || operator === '!=')) {
    if (
      version.pre !== null ||
      version.post !== null ||
      version.dev !== null ||
      version.local.length > 0
    ) {
      return { error: `'${text}': a '.*' follows release numbers only` }
    }
    return { operator, text: written, version, wildcard }
  }
  if (wildcard) return { error: `'${text}': a '.*' goes with == or != only` }
  if (operator === '~=' && version.release.length < 2) {
    return { error: `'${text}': ~= needs at least two release numbers` }
  }
  if (version.local.length > 0 && operator !== '==' && operator !== '!=') {
    return { error: `'${text}': a local version goes with == or != only` }
  }
  return { operator, text: written, version, wildcard: false }
}

/** Every clause holds (an empty set admits every version). */
export function specifierAdmits(
  clauses: readonly SpecifierClause[],
  candidate: PythonVersion,
  candidateText: string,
): boolean {
  return clauses.every((clause) => clauseAdmits(clause, candidate, candidateText))
}

function clauseAdmits(clause: SpecifierClause, candidate: PythonVersion, text: string): boolean {
  const { operator, version } = clause
  if (version === null) return text.trim().toLowerCase() === clause.text.toLowerCase()
  // Ordered comparisons and `==` without a local part ignore the candidate's local part.
  const publicOrder = comparePublicVersions(candidate, version)
  switch (operator) {
    case '==':
      return clause.wildcard ? hasPrefix(candidate, version) : equalAsWritten(candidate, version)
    case '!=':
      return clause.wildcard ? !hasPrefix(candidate, version) : !equalAsWritten(candidate, version)
    case '<=':
      return publicOrder <= 0
    case '>=':
      return publicOrder >= 0
    case '<':
      // `<3.13` does not admit 3.13.0rc1, unless it names a pre-release itself.
      return (
        publicOrder < 0 &&
        !(
          isPythonPreRelease(candidate) &&
          !isPythonPreRelease(version) &&
          sameBase(candidate, version)
        )
      )
    case '>':
      // `>3.12` does not admit 3.12.post1 (or 3.12+local) unless it names a post-release.
      return (
        publicOrder > 0 &&
        !(candidate.post !== null && version.post === null && sameBase(candidate, version))
      )
    default: {
      // ~=X.Y.Z: >=X.Y.Z and ==X.Y.*
      const prefix: PythonVersion = {
        ...version,
        release: version.release.slice(0, -1),
        pre: null,
        post: null,
        dev: null,
      }
      return publicOrder >= 0 && hasPrefix(candidate, prefix)
    }
  }
}

/** Equal after padding the release with zeros; a local part compares only when written. */
function equalAsWritten(candidate: PythonVersion, version: PythonVersion): boolean {
  if (comparePublicVersions(candidate, version) !== 0) return false
  if (version.local.length === 0) return true
  return candidate.local.join('.') === version.local.join('.')
}

/** `==3.12.*`: same epoch, and the release begins with these numbers (3.12 is 3.12.0). */
function hasPrefix(candidate: PythonVersion, prefix: PythonVersion): boolean {
  if (candidate.epoch !== prefix.epoch) return false
  return prefix.release.every((part, index) => (candidate.release[index] ?? 0) === part)
}

/** The same epoch and release, whatever comes after. */
function sameBase(a: PythonVersion, b: PythonVersion): boolean {
  return a.epoch === b.epoch && compareRelease(a.release, b.release) === 0
}
