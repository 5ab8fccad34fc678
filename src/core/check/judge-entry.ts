/** Decides one documented entry against one dependency version (docs/api.md, "Ranges" and "Results"), with the reason why. */
import type { CompiledEntry } from '../dataset/build-dataset.ts'
import { compareVersions } from '../version/compare-versions.ts'
import {
  finalRelease,
  firstFailingComparator,
  inSeries,
  matchRange,
} from '../version/match-range.ts'
import type { Range } from '../version/parse-range.ts'
import { parseVersion, type Version } from '../version/parse-version.ts'
import type { Verdict } from './check-result.ts'

export interface Judgement {
  readonly compatible: Verdict
  readonly matchedRange: string | null
  readonly matchedConstraint: 'same-version' | null
  readonly reason: string
}

/**
 * What `same-version` compares (docs/api.md, "Plans"): the two versions by the ordering
 * (`equal`), or, when one side is a documented key a plan moved a component to, whether the
 * other lies in that key's series: the project version's (`project-series`) or the dependency
 * version's (`dependency-series`).
 */
export type SameVersionRule = 'equal' | 'project-series' | 'dependency-series'

export function judgeEntry(
  compiled: CompiledEntry,
  dependencyVersion: string,
  projectVersion: string,
  sameVersionRule: SameVersionRule = 'equal',
): Judgement {
  const { ranges, sameVersion } = compiled
  if (ranges.length === 0 && !sameVersion) {
    return verdict(
      'unknown',
      `The entry for ${compiled.key} documents no compatible range or constraint, so it says nothing either way.`,
    )
  }
  const version = parseVersion(dependencyVersion)
  if (
    sameVersion &&
    satisfiesSameVersion(dependencyVersion, version, projectVersion, sameVersionRule)
  ) {
    return {
      compatible: 'compatible',
      matchedRange: null,
      matchedConstraint: 'same-version',
      reason:
        sameVersionRule === 'equal'
          ? `${dependencyVersion} equals the project version ${projectVersion}, as the same-version constraint requires${ignoredNote(version)}.`
          : `${sameVersionRule === 'project-series' ? dependencyVersion : projectVersion} lies in the ${sameVersionRule === 'project-series' ? projectVersion : dependencyVersion} series the plan moves to, as the same-version constraint requires.`,
    }
  }
  if (version === null) {
    return verdict(
      compiled.testedOnly ? 'unknown' : 'incompatible',
      `'${dependencyVersion}' is not a recognizable version, so it cannot match any documented range${sameVersion ? ' or equal the project version' : ''}${compiled.testedOnly ? '; the evidence lists tested versions only, so it cannot say more' : ''}.`,
    )
  }
  let releaseOnly: Range | null = null
  for (const range of ranges) {
    const match = matchRange(range, version)
    if (match === 'match') {
      return {
        compatible: 'compatible',
        matchedRange: range.text,
        matchedConstraint: null,
        reason: `${dependencyVersion} ${describeMatch(range)}${ignoredNote(version)}${compiled.testedOnly ? ', which the source reports as tested' : ''}.`,
      }
    }
    if (match === 'release-only' && releaseOnly === null) releaseOnly = range
  }
  if (releaseOnly !== null) {
    return verdict(
      'unknown',
      `${dependencyVersion} is a pre-release; its final release ${formatRelease(finalRelease(version))} would match ${quote(releaseOnly)}, but the evidence covers final releases only.`,
    )
  }
  if (compiled.testedOnly) {
    return verdict(
      'unknown',
      `${version.raw}${ignoredNote(version)} is outside the tested versions ${compiled.ranges.map((range) => quote(range)).join(', ')}; the source reports what it tested, not what fails, so this is unknown rather than incompatible.`,
    )
  }
  return verdict('incompatible', describeMiss(compiled, version, projectVersion))
}

function verdict(compatible: Verdict, reason: string): Judgement {
  return { compatible, matchedRange: null, matchedConstraint: null, reason }
}

/**
 * Equal by the version ordering (strings outside the grammar only when identical), or, by the
 * plan's rule, one in the other's series.
 */
function satisfiesSameVersion(
  dependencyVersion: string,
  version: Version | null,
  projectVersion: string,
  rule: SameVersionRule,
): boolean {
  if (dependencyVersion === projectVersion) return true
  const project = parseVersion(projectVersion)
  if (version === null || project === null) return false
  if (rule === 'project-series') return inSeries(project, version)
  if (rule === 'dependency-series') return inSeries(version, project)
  return compareVersions(version, project) === 0
}

function describeMatch(range: Range): string {
  return range.kind === 'series'
    ? `is in the documented ${range.text} series`
    : `satisfies the documented range ${quote(range)}`
}

function describeMiss(compiled: CompiledEntry, version: Version, projectVersion: string): string {
  const subject = `${version.raw}${ignoredNote(version)}`
  const parts: string[] = []
  if (compiled.ranges.length === 1) {
    const [range] = compiled.ranges as [Range]
    const failing = firstFailingComparator(
      range,
      version.pre === null ? version : finalRelease(version),
    )
    parts.push(
      failing !== null
        ? `fails the bound ${failing.text} of the documented range ${quote(range)}`
        : range.kind === 'series'
          ? `is outside the documented ${range.text} series`
          : `does not satisfy the documented range ${quote(range)}`,
    )
  } else if (compiled.ranges.length > 1) {
    parts.push(
      `matches none of the documented ranges ${compiled.ranges.map((range) => quote(range)).join(', ')}`,
    )
  }
  if (compiled.sameVersion) parts.push(`does not equal the project version ${projectVersion}`)
  const preNote =
    version.pre !== null
      ? '; a pre-release matches only a range that names a pre-release of it'
      : ''
  return `${subject} ${parts.join(' and ')}${preNote}.`
}

function quote(range: Range): string {
  return range.kind === 'series' ? range.text : `"${range.text}"`
}

function formatRelease(version: Version): string {
  return version.release.join('.')
}

/** "(compared as 16.4; '-alpine' ignored)" when a flavor or build took no part. */
function ignoredNote(version: Version | null): string {
  if (version === null || (version.flavor === null && version.build === null)) return ''
  const ignored = [
    ...(version.flavor === null ? [] : [`'-${version.flavor}'`]),
    ...(version.build === null ? [] : [`'+${version.build}'`]),
  ]
  const suffixLength = ignored.reduce((length, text) => length + text.length - 2, 0)
  const compared = version.raw.slice(0, version.raw.length - suffixLength)
  return ` (compared as ${compared}; ${ignored.join(' and ')} ignored)`
}
