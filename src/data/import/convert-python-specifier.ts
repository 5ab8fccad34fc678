/**
 * A Python `requires_python` specifier set (PEP 440: `>=3.8`, `>=3.6, <4`, `!=3.0.*`, `~=3.9`,
 * `==3.*`) in compat's grammar. Clauses separated by commas all hold; exclusions split the
 * admitted versions into alternatives (`>=2.7, !=3.0.*, !=3.1.*` → `>=2.7 <3.0`, `>=3.2`).
 * Pre-, post-, dev- and local versions, `===` and wildcards other than a trailing `.*` are
 * refused with a reason: Python's own releases are final, and nothing is approximated.
 */
import { compareVersions } from '../../core/version/compare-versions.ts'
import { parseRange } from '../../core/version/parse-range.ts'
import { parseVersion, type Version } from '../../core/version/parse-version.ts'
import type { ConvertedRanges } from './convert-range.ts'

interface Bound {
  readonly version: Version
  readonly inclusive: boolean
}

/** Versions between two bounds; null is unbounded on that side. */
interface Interval {
  readonly lower: Bound | null
  readonly upper: Bound | null
}

const CLAUSE = /^(~=|===|==|!=|<=|>=|<|>)\s*(\S+)$/
const RELEASE = /^v?(\d+(?:\.\d+)*)(\.\*)?$/

/**
 * @example convertPythonSpecifier('>=3.8') // { ranges: ['>=3.8'] }
 * @example convertPythonSpecifier('>=2.7, !=3.0.*, <4') // { ranges: ['>=2.7 <3.0', '>=3.1 <4'] }
 */
export function convertPythonSpecifier(text: string): ConvertedRanges {
  let admitted: Interval[] = [{ lower: null, upper: null }]
  const clauses = text
    .split(',')
    .map((clause) => clause.trim())
    .filter((clause) => clause !== '')
  if (clauses.length === 0) return { error: 'the specifier is empty' }
  for (const clause of clauses) {
    const intervals = clauseIntervals(clause)
    if ('error' in intervals) return intervals
    admitted = intersectAll(admitted, intervals)
  }
  if (admitted.length === 0) return { error: `'${text}' admits no version` }
  const ranges = admitted.map(rangeText)
  for (const range of ranges) {
    const parsed = parseRange(range)
    if ('error' in parsed) return { error: `'${text}' becomes '${range}': ${parsed.error}` }
  }
  return { ranges }
}

function clauseIntervals(clause: string): Interval[] | { error: string } {
  const match = CLAUSE.exec(clause)
  if (match === null) return { error: `'${clause}' is not a version clause` }
  const [, operator = '', written = ''] = match
  if (operator === '===') return { error: `'${clause}' compares text, not versions` }
  const release = RELEASE.exec(written)
  if (release === null) {
    return {
      error: `'${clause}' names a pre-, post-, dev- or local version compat does not read the same way`,
    }
  }
  const [, dotted = '', star] = release
  const version = parseVersion(dotted) as Version
  const at = (inclusive: boolean): Bound => ({ version, inclusive })
  const after: Bound = { version: nextSeries(version), inclusive: false }
  if (star !== undefined) {
    if (operator === '==') return [{ lower: at(true), upper: after }]
    if (operator === '!=')
      return [
        { lower: null, upper: at(false) },
        { lower: { ...after, inclusive: true }, upper: null },
      ]
    return { error: `'${clause}': a '.*' wildcard only goes with == or !=` }
  }
  switch (operator) {
    case '>=':
      return [{ lower: at(true), upper: null }]
    case '>':
      return [{ lower: at(false), upper: null }]
    case '<=':
      return [{ lower: null, upper: at(true) }]
    case '<':
      return [{ lower: null, upper: at(false) }]
    case '==':
      return [{ lower: at(true), upper: at(true) }]
    case '!=':
      return [
        { lower: null, upper: at(false) },
        { lower: at(false), upper: null },
      ]
    default: {
      // ~=X.Y means >=X.Y and the same X; ~=X.Y.Z means >=X.Y.Z and the same X.Y.
      if (version.release.length < 2)
        return { error: `'${clause}' needs at least two release parts` }
      const prefix = parseVersion(version.release.slice(0, -1).join('.')) as Version
      return [{ lower: at(true), upper: { version: nextSeries(prefix), inclusive: false } }]
    }
  }
}

/** The first version after a series: 3.0 → 3.1, 3 → 4. */
function nextSeries(version: Version): Version {
  const parts = [...version.release]
  parts[parts.length - 1] = (parts.at(-1) ?? 0n) + 1n
  return parseVersion(parts.join('.')) as Version
}

function intersectAll(left: readonly Interval[], right: readonly Interval[]): Interval[] {
  const result: Interval[] = []
  for (const a of left) {
    for (const b of right) {
      const lower = higherLower(a.lower, b.lower)
      const upper = lowerUpper(a.upper, b.upper)
      if (!isEmpty(lower, upper)) result.push({ lower, upper })
    }
  }
  return result
}

function higherLower(a: Bound | null, b: Bound | null): Bound | null {
  if (a === null) return b
  if (b === null) return a
  const order = compareVersions(a.version, b.version)
  if (order !== 0) return order > 0 ? a : b
  return a.inclusive ? b : a
}

function lowerUpper(a: Bound | null, b: Bound | null): Bound | null {
  if (a === null) return b
  if (b === null) return a
  const order = compareVersions(a.version, b.version)
  if (order !== 0) return order < 0 ? a : b
  return a.inclusive ? b : a
}

function isEmpty(lower: Bound | null, upper: Bound | null): boolean {
  if (lower === null || upper === null) return false
  const order = compareVersions(lower.version, upper.version)
  return order > 0 || (order === 0 && !(lower.inclusive && upper.inclusive))
}

function rangeText({ lower, upper }: Interval): string {
  if (lower !== null && upper !== null && lower.inclusive && upper.inclusive) {
    if (compareVersions(lower.version, upper.version) === 0) return `=${lower.version.raw}`
  }
  const bounds = [
    lower === null ? null : `${lower.inclusive ? '>=' : '>'}${lower.version.raw}`,
    upper === null ? null : `${upper.inclusive ? '<=' : '<'}${upper.version.raw}`,
  ].filter((bound) => bound !== null)
  return bounds.length === 0 ? '>=0' : bounds.join(' ')
}
