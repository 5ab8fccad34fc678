/** Whether a dependency version falls in a documented range, with the pre-release rule of docs/api.md, "Ranges". */
import { compareNumberLists, compareVersions } from './compare-versions.ts'
import type { Comparator, Range } from './parse-range.ts'
import type { Version } from './parse-version.ts'

/**
 * - `match`: the range admits the version.
 * - `release-only`: a pre-release whose final release the range would admit; the evidence
 *   covers final releases only, so the honest answer is "unknown".
 * - `miss`: the range does not admit the version.
 */
export type RangeMatch = 'match' | 'release-only' | 'miss'

/**
 * @example matchRange(parseRange('3.11').range, parseVersion('3.11.4')) // 'match'
 * @example matchRange(parseRange('<3.13').range, parseVersion('3.13.0rc1')) // 'miss'
 * @example matchRange(parseRange('>=3.12').range, parseVersion('3.13.0rc1')) // 'release-only'
 */
export function matchRange(range: Range, version: Version): RangeMatch {
  if (version.pre === null || namesPreReleaseOf(range, version)) {
    return admits(range, version) ? 'match' : 'miss'
  }
  return admits(range, finalRelease(version)) ? 'release-only' : 'miss'
}

/** The first bound of a comparator set that excludes the version, for a result's reason. */
export function firstFailingComparator(range: Range, version: Version): Comparator | null {
  if (range.kind !== 'comparators') return null
  return range.comparators.find((comparator) => !holds(comparator, version)) ?? null
}

/** The version with its pre-release tag removed: `3.13.0rc1` → `3.13.0`. */
export function finalRelease(version: Version): Version {
  return { ...version, pre: null, post: null }
}

function admits(range: Range, version: Version): boolean {
  if (range.kind === 'comparators') return range.comparators.every((c) => holds(c, version))
  return inSeries(range.version, version)
}

/**
 * Whether a version lies in the series a version names (`3.11` holds `3.11.4`, not `3.110`); a
 * series naming a pre- or post-release holds that exact version only.
 *
 * @example inSeries(parseVersion('1.29'), parseVersion('1.29.3')) // true
 */
export function inSeries(series: Version, version: Version): boolean {
  if (series.pre !== null || series.post !== null) return compareVersions(series, version) === 0
  return startsWithParts(version.release, series.release)
}

/** `3.11.4` starts with `3.11`; `3.110` does not; `3.11` starts with `3.11.0` (zero padding). */
function startsWithParts(release: readonly bigint[], prefix: readonly bigint[]): boolean {
  for (let index = 0; index < prefix.length; index++) {
    if ((release[index] ?? 0n) !== prefix[index]) return false
  }
  return true
}

function holds({ operator, version: bound }: Comparator, version: Version): boolean {
  const order = compareVersions(version, bound)
  switch (operator) {
    case '>=':
      return order >= 0
    case '>':
      return order > 0
    case '<=':
      return order <= 0
    case '<':
      return order < 0
    case '=':
      return order === 0
    case '!=':
      return order !== 0
  }
}

function namesPreReleaseOf(range: Range, version: Version): boolean {
  const named = range.kind === 'series' ? [range.version] : range.comparators.map((c) => c.version)
  return named.some(
    (bound) => bound.pre !== null && compareNumberLists(bound.release, version.release) === 0,
  )
}
