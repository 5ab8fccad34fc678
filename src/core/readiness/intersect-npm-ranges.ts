/**
 * The intersection of npm version ranges, written as one npm range: what every range admits at
 * once (`>=18 <19 || >=20` and `^20.9.0` → `>=20.9.0 <21.0.0`). node-semver desugars each range
 * into comparator sets (`^20.9.0` → `>=20.9.0 <21.0.0-0`); each set is an interval of versions,
 * a range a union of them, and the intersection of unions is the union of the pairwise
 * intersections, merged where they touch. Equal for every version that is no pre-release (as
 * npm ranges admit them): `<21.0.0-0` is written `<21.0.0`.
 */
import semver from 'semver'

type SemVer = semver.SemVer

interface Bound {
  readonly version: SemVer
  readonly inclusive: boolean
}

/** Versions between two bounds; null is unbounded on that side. */
interface Interval {
  readonly lower: Bound | null
  readonly upper: Bound | null
}

const EVERYTHING: readonly Interval[] = [{ lower: null, upper: null }]

/**
 * Null when a range is not one node-semver reads. An intersection nothing can satisfy is
 * `<0.0.0-0`, node-semver's own range of no version.
 *
 * @example intersectNpmRanges(['>=18', '^20.9.0 || >=22']) // '>=20.9.0 <21.0.0 || >=22.0.0'
 */
export function intersectNpmRanges(ranges: readonly string[]): string | null {
  let admitted = EVERYTHING
  for (const text of ranges) {
    let range: semver.Range
    try {
      range = new semver.Range(text)
    } catch {
      return null
    }
    admitted = intersect(admitted, range.set.map(intervalOf))
    if (admitted.length === 0) return '<0.0.0-0'
  }
  return admitted.map(intervalText).join(' || ')
}

function intervalOf(comparators: readonly semver.Comparator[]): Interval {
  let interval: Interval = { lower: null, upper: null }
  for (const comparator of comparators) {
    interval = narrow(interval, comparatorInterval(comparator))
  }
  return interval
}

function comparatorInterval({ operator, semver: version }: semver.Comparator): Interval {
  if (typeof version === 'symbol') return { lower: null, upper: null }
  const at = (inclusive: boolean): Bound => ({ version, inclusive })
  switch (operator) {
    case '>=':
      return { lower: at(true), upper: null }
    case '>':
      return { lower: at(false), upper: null }
    case '<=':
      return { lower: null, upper: at(true) }
    case '<':
      return { lower: null, upper: at(false) }
    default:
      return { lower: at(true), upper: at(true) }
  }
}

function intersect(left: readonly Interval[], right: readonly Interval[]): Interval[] {
  const result: Interval[] = []
  for (const a of left) {
    for (const b of right) {
      const both = narrow(a, b)
      if (!isEmpty(both)) result.push(both)
    }
  }
  return merged(result)
}

function narrow(a: Interval, b: Interval): Interval {
  return { lower: higherLower(a.lower, b.lower), upper: lowerUpper(a.upper, b.upper) }
}

function higherLower(a: Bound | null, b: Bound | null): Bound | null {
  if (a === null) return b
  if (b === null) return a
  const order = a.version.compare(b.version)
  if (order !== 0) return order > 0 ? a : b
  return a.inclusive ? b : a
}

function lowerUpper(a: Bound | null, b: Bound | null): Bound | null {
  if (a === null) return b
  if (b === null) return a
  const order = a.version.compare(b.version)
  if (order !== 0) return order < 0 ? a : b
  return a.inclusive ? b : a
}

function isEmpty({ lower, upper }: Interval): boolean {
  if (lower === null || upper === null) return false
  const order = lower.version.compare(upper.version)
  return order > 0 || (order === 0 && !(lower.inclusive && upper.inclusive))
}

/** Sorted by lower bound, overlapping or touching intervals joined. */
function merged(intervals: Interval[]): Interval[] {
  const sorted = [...intervals].sort((a, b) => compareLower(a.lower, b.lower))
  const result: Interval[] = []
  for (const interval of sorted) {
    const last = result.at(-1)
    if (last !== undefined && reaches(last.upper, interval.lower)) {
      result[result.length - 1] = {
        lower: last.lower,
        upper: higherUpper(last.upper, interval.upper),
      }
    } else {
      result.push(interval)
    }
  }
  return result
}

function compareLower(a: Bound | null, b: Bound | null): number {
  if (a === null) return b === null ? 0 : -1
  if (b === null) return 1
  return a.version.compare(b.version) || (a.inclusive === b.inclusive ? 0 : a.inclusive ? -1 : 1)
}

/** Whether an interval ending at `upper` meets one starting at `lower`. */
function reaches(upper: Bound | null, lower: Bound | null): boolean {
  if (upper === null || lower === null) return true
  const order = upper.version.compare(lower.version)
  if (order > 0 || (order === 0 && (upper.inclusive || lower.inclusive))) return true
  // `<17.0.0-0` and `>=17.0.0` leave only 17.0.0's pre-releases between them: no final version.
  return !upper.inclusive && lower.inclusive && isFirstPreRelease(upper.version, lower.version)
}

function isFirstPreRelease(version: SemVer, of: SemVer): boolean {
  const { prerelease } = version
  return (
    prerelease.length === 1 &&
    prerelease[0] === 0 &&
    of.prerelease.length === 0 &&
    version.major === of.major &&
    version.minor === of.minor &&
    version.patch === of.patch
  )
}

function higherUpper(a: Bound | null, b: Bound | null): Bound | null {
  if (a === null || b === null) return null
  const order = a.version.compare(b.version)
  if (order !== 0) return order > 0 ? a : b
  return a.inclusive ? a : b
}

function intervalText({ lower, upper }: Interval): string {
  if (lower !== null && upper !== null && lower.inclusive && upper.inclusive) {
    if (lower.version.compare(upper.version) === 0) return lower.version.version
  }
  const bounds = [
    lower === null ? null : `${lower.inclusive ? '>=' : '>'}${lower.version.version}`,
    upper === null ? null : upperText(upper),
  ].filter((bound) => bound !== null)
  return bounds.length === 0 ? '*' : bounds.join(' ')
}

/** `<21.0.0-0` (node-semver's "below every 21.0.0 pre-release") reads as `<21.0.0`. */
function upperText({ version, inclusive }: Bound): string {
  if (inclusive) return `<=${version.version}`
  const base = `${version.major}.${version.minor}.${version.patch}`
  return `<${isFirstPreRelease(version, new semver.SemVer(base)) ? base : version.version}`
}
