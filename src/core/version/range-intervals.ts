/**
 * The stretches of the version order a range admits, for drawing it: a range as intervals with
 * their bounds, by the same parser and order the core matches with (`match-range.ts`), so a
 * chart's bar covers exactly the versions a check finds compatible (a property test holds them
 * together).
 */
import { compareVersions } from './compare-versions.ts'
import { isTighterLower, isTighterUpper, parseRange } from './parse-range.ts'
import type { Version } from './parse-version.ts'

export interface Bound {
  readonly version: Version
  readonly inclusive: boolean
  /** False for the end of a series no range names (`3.12` after the series `3.11`). */
  readonly named: boolean
}

/** A stretch of the version order; a null bound is open on that side. */
export interface Interval {
  readonly lower: Bound | null
  readonly upper: Bound | null
}

/**
 * The stretches of the version order a documented range admits, read as the core reads it
 * (docs/api.md, "Ranges"): a series `3.11` is `>=3.11 <3.12`, a series naming a pre- or
 * post-release that version alone, and `!=` cuts a hole. Null for text that is not a range.
 *
 * @example rangeIntervals('>=20 !=21.0.0 <23') // [20, 21.0.0) and (21.0.0, 23)
 */
export function rangeIntervals(text: string): readonly Interval[] | null {
  const parsed = parseRange(text)
  if (!('range' in parsed)) return null
  const { range } = parsed
  if (range.kind === 'series') {
    const lower: Bound = { version: range.version, inclusive: true, named: true }
    if (range.version.pre !== null || range.version.post !== null) return [{ lower, upper: lower }]
    const upper: Bound = { version: nextSeries(range.version), inclusive: false, named: false }
    return [{ lower, upper }]
  }
  let lower: Bound | null = null
  let upper: Bound | null = null
  const holes: Version[] = []
  for (const { operator, version } of range.comparators) {
    if (operator === '!=') {
      holes.push(version)
      continue
    }
    if (operator !== '<' && operator !== '<=') {
      const bound = { version, inclusive: operator !== '>', named: true }
      if (lower === null || isTighterLower(bound, lower)) lower = bound
    }
    if (operator !== '>' && operator !== '>=') {
      const bound = { version, inclusive: operator !== '<', named: true }
      if (upper === null || isTighterUpper(bound, upper)) upper = bound
    }
  }
  let intervals: readonly Interval[] = [{ lower, upper }]
  for (const hole of holes) intervals = intervals.flatMap((interval) => cut(interval, hole))
  return intervals
}

/** Whether a version lies in an interval, by the core's ordering. */
export function intervalContains({ lower, upper }: Interval, version: Version): boolean {
  if (lower !== null) {
    const order = compareVersions(version, lower.version)
    if (order < 0 || (order === 0 && !lower.inclusive)) return false
  }
  if (upper !== null) {
    const order = compareVersions(version, upper.version)
    if (order > 0 || (order === 0 && !upper.inclusive)) return false
  }
  return true
}

function nextSeries(version: Version): Version {
  const release = [...version.release]
  const last = release.length - 1
  release[last] = (release[last] ?? 0n) + 1n
  return { raw: release.join('.'), release, pre: null, post: null, flavor: null, build: null }
}

function cut(interval: Interval, hole: Version): readonly Interval[] {
  if (!intervalContains(interval, hole)) return [interval]
  const edge: Bound = { version: hole, inclusive: false, named: true }
  const parts: Interval[] = []
  if (interval.lower === null || compareVersions(interval.lower.version, hole) < 0) {
    parts.push({ lower: interval.lower, upper: edge })
  }
  if (interval.upper === null || compareVersions(hole, interval.upper.version) < 0) {
    parts.push({ lower: edge, upper: interval.upper })
  }
  return parts
}
