/** The single check: one dependency version against one project version (docs/api.md, "Results"). */
import type { Dataset } from '../dataset/build-dataset.ts'
import { decideDependency } from './check-dependency.ts'
import type { SingleCheckResult } from './check-result.ts'
import { resolveProjectVersion, type VersionLookup } from './resolve-project-version.ts'

export interface CheckRequest {
  readonly project: string
  readonly version: string
  readonly dependency: string
  readonly dependencyVersion: string
}

/**
 * @example evaluateCheck(dataset, { project: 'django', version: '5.1', dependency: 'python', dependencyVersion: '3.12.4' })
 */
export function evaluateCheck(
  dataset: Dataset,
  request: CheckRequest,
  lookup: VersionLookup = 'exact',
): SingleCheckResult {
  const { project, version, dependency, dependencyVersion } = request
  const found = resolveProjectVersion(dataset, project, version, lookup)
  const check = decideDependency(found, version, dependency, dependencyVersion)
  return {
    project,
    version,
    dependency,
    dependencyVersion,
    compatible: check.compatible,
    matchedRange: check.matchedRange,
    matchedConstraint: check.matchedConstraint,
    relationship: check.relationship,
    confidence: check.confidence,
    lastVerified: check.lastVerified,
    notes: check.notes,
    sources: check.sources,
    reason: check.reason,
  }
}
