/**
 * The oldest release line a range admits: how a declared range (`engines: >=16`,
 * `requires-python = ">=3.9"`, `kubeVersion`) is judged, since whoever runs the project may run
 * it on that line (docs/cli.md, "compat scan").
 */
import type { Lifecycle } from '../dataset/schema.ts'
import { newestFirst } from '../lifecycle/evaluate-lifecycle.ts'
import type { FoundLine } from '../lifecycle/find-lifecycle-line.ts'
import { compareVersions } from '../version/compare-versions.ts'
import {
  type Bound,
  isTighterLower,
  isTighterUpper,
  parseRange,
  type Range,
} from '../version/parse-range.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'

/**
 * Null when the range admits no line of the block (or no range reads).
 *
 * @example oldestAdmittedLine(nodejs.lifecycle, ['>=16'])?.key // '16'
 * @example oldestAdmittedLine(python.lifecycle, ['>=3.8.5 <4'])?.key // '3.8'
 */
export function oldestAdmittedLine(
  lifecycle: Lifecycle,
  ranges: readonly string[],
): FoundLine | null {
  const parsed = ranges.flatMap((text) => {
    const read = parseRange(text)
    return 'range' in read ? [read.range] : []
  })
  if (parsed.length === 0) return null
  const found = newestFirst(lifecycle)
    .reverse()
    .find(([key]) => {
      const version = parseVersion(key)
      return version !== null && parsed.some((range) => admitsSomeOf(range, version))
    })
  return found === undefined ? null : { key: found[0], line: found[1] }
}

/** Whether some final release of the line (every version that starts with its parts) is in the range. */
export function admitsSomeOf(range: Range, line: Version): boolean {
  if (range.kind === 'series') {
    return (
      startsWith(range.version.release, line.release) ||
      startsWith(line.release, range.version.release)
    )
  }
  // The line is the versions from its first release up to the next line's, that one excluded.
  let lower: Bound = { version: line, inclusive: true }
  let upper: Bound = { version: nextLine(line), inclusive: false }
  for (const { operator, version } of range.comparators) {
    if (operator === '>=' || operator === '>' || operator === '=') {
      const bound = { version, inclusive: operator !== '>' }
      if (isTighterLower(bound, lower)) lower = bound
    }
    if (operator === '<=' || operator === '<' || operator === '=') {
      const bound = { version, inclusive: operator !== '<' }
      if (isTighterUpper(bound, upper)) upper = bound
    }
  }
  const order = compareVersions(lower.version, upper.version)
  return order < 0 || (order === 0 && lower.inclusive && upper.inclusive)
}

function startsWith(release: readonly bigint[], prefix: readonly bigint[]): boolean {
  return prefix.every((part, index) => (release[index] ?? 0n) === part)
}

/** `3.8` → `3.9`, `16` → `17`: the first version past the line. */
function nextLine(line: Version): Version {
  const release = [...line.release]
  release[release.length - 1] = (release[release.length - 1] ?? 0n) + 1n
  return { raw: release.join('.'), release, pre: null, post: null, flavor: null, build: null }
}
