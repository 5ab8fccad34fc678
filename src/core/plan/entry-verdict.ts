/**
 * The verdict alone of one documented entry against one dependency version: what `judgeEntry`
 * (src/core/check/judge-entry.ts) decides, without the reason it writes. A plan or a path looks
 * at tens of thousands of pairs and shows a handful, and writing the reason was most of the
 * cost of judging one; a property test holds the two to the same verdict.
 */

import type { Verdict } from '../check/check-result.ts'
import type { SameVersionRule } from '../check/judge-entry.ts'
import type { CompiledEntry } from '../dataset/build-dataset.ts'
import { compareVersions } from '../version/compare-versions.ts'
import { inSeries, matchRange } from '../version/match-range.ts'
import type { Version } from '../version/parse-version.ts'

/**
 * `dependency` and `project` are the two versions as text and parsed (null: outside the
 * grammar), so that a caller judging many pairs parses each version once.
 *
 * @example entryVerdict(entry, '1.34', parseVersion('1.34'), '1.28', parseVersion('1.28'), 'project-series') // 'compatible'
 */
export function entryVerdict(
  compiled: CompiledEntry,
  dependencyText: string,
  dependency: Version | null,
  projectText: string,
  project: Version | null,
  rule: SameVersionRule,
): Verdict {
  const { ranges, sameVersion } = compiled
  if (ranges.length === 0 && !sameVersion) return 'unknown'
  if (sameVersion && sameVersionHolds(dependencyText, dependency, projectText, project, rule)) {
    return 'compatible'
  }
  if (dependency === null) return compiled.testedOnly ? 'unknown' : 'incompatible'
  let releaseOnly = false
  for (const range of ranges) {
    const match = matchRange(range, dependency)
    if (match === 'match') return 'compatible'
    if (match === 'release-only') releaseOnly = true
  }
  if (releaseOnly || compiled.testedOnly) return 'unknown'
  return 'incompatible'
}

/** As judge-entry's same-version: equal, or by the plan's rule one in the other's series. */
function sameVersionHolds(
  dependencyText: string,
  dependency: Version | null,
  projectText: string,
  project: Version | null,
  rule: SameVersionRule,
): boolean {
  if (dependencyText === projectText) return true
  if (dependency === null || project === null) return false
  if (rule === 'project-series') return inSeries(project, dependency)
  if (rule === 'dependency-series') return inSeries(dependency, project)
  return compareVersions(dependency, project) === 0
}
