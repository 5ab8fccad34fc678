/** One dependency checked against a resolved project version: the fields every check result shares. */
import type { DependencyCheck } from './check-result.ts'
import { describeUnknownDependency } from './describe-unknown.ts'
import { judgeEntry } from './judge-entry.ts'
import type { ResolvedVersion } from './resolve-project-version.ts'

// Results are built field by field, always in the same order: one object shape for V8,
// and the order of the response schema.
export function checkDependency(
  found: ResolvedVersion,
  projectVersion: string,
  dependency: string,
  dependencyVersion: string,
): DependencyCheck {
  if ('unknown' in found) return undocumented(dependency, dependencyVersion, found.unknown)
  const compiled = found.version.dependencies.get(dependency)
  if (compiled === undefined) {
    const reason = describeUnknownDependency(found.project, found.version, dependency)
    return undocumented(dependency, dependencyVersion, reason)
  }
  const judgement = judgeEntry(compiled, dependencyVersion, projectVersion)
  const { entry } = compiled
  return {
    dependency,
    dependencyVersion,
    compatible: judgement.compatible,
    matchedRange: judgement.matchedRange,
    matchedConstraint: judgement.matchedConstraint,
    relationship: entry.relationship,
    confidence: entry.confidence,
    lastVerified: entry.lastVerified,
    notes: entry.notes,
    sources: entry.sources,
    reason: judgement.reason,
  }
}

/** No entry: relationship null and confidence low, never a missing field (docs/api.md, "Results"). */
function undocumented(
  dependency: string,
  dependencyVersion: string,
  reason: string,
): DependencyCheck {
  return {
    dependency,
    dependencyVersion,
    compatible: 'unknown',
    matchedRange: null,
    matchedConstraint: null,
    relationship: null,
    confidence: 'low',
    lastVerified: null,
    notes: [],
    sources: [],
    reason,
  }
}
